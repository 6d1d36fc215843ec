import { startServer, type RunningServer } from '@toolgate/core/server';
import { packModules } from '../src/pack-modules.ts';

/** /healthz reports each pack's own state (pack-module.ts's PackStatus): the page reads the same source. */
describe('/healthz pack states', () => {
  let running: RunningServer | undefined;
  afterEach(async () => running?.close());

  const health = async (env: NodeJS.ProcessEnv) => {
    running = await startServer({ service: 'gateway', modules: packModules, defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', ...env } });
    const response = await fetch(`${running.url}/healthz`);
    expect(response.status).toBe(200);
    return (await response.json()) as { status: string; states: Record<string, { state: string; missing?: string[] }> };
  };

  it('names the variable a pack is missing, and nothing of a pack that needs none', async () => {
    const body = await health({});
    expect(body.status).toBe('ok');
    expect(body.states['concert']).toMatchObject({ state: 'degraded', missing: ['BANDSINTOWN_APP_ID'] });
    expect(body.states['game']).toMatchObject({ state: 'degraded', missing: ['BRAWLSTARS_API_TOKEN'] });
    expect(body.states['quotes']).toEqual({ state: 'ready' });
  });

  it('says ready once the variable is set, and never shows its value', async () => {
    const body = await health({ BANDSINTOWN_APP_ID: 'secret-app-id-123', BRAWLSTARS_API_TOKEN: 'secret-token-456' });
    expect(body.states['concert']).toEqual({ state: 'ready' });
    expect(body.states['game']).toEqual({ state: 'ready' });
    expect(JSON.stringify(body)).not.toMatch(/secret-/);
  });
});
