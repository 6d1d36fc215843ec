import { ConfigError, startServer, type RunningServer } from '../src/index.ts';
import { echoModule } from './support/echo-module.ts';

// Core names no pack: `<NAME>_SEGMENT` is read and checked for whichever packs the process loads.
describe('<NAME>_SEGMENT for the packs a process loads', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('moves a loaded pack to the segment it names', async () => {
    server = await startServer({ service: 'test', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', ECHO_SEGMENT: 'parrot' } });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    const post = (path: string) => fetch(`${server!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect((await post('/parrot/mcp')).status).toBe(200);
    expect((await post('/echo/mcp')).status).toBe(404);
  });

  it('refuses a bad segment for a loaded pack, naming the variable', async () => {
    const start = startServer({ service: 'test', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', ECHO_SEGMENT: 'a/b; return 200' } });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/ECHO_SEGMENT: a path segment/);
  });

  it('ignores the segment variable of a pack it does not load', async () => {
    server = await startServer({ service: 'test', modules: [echoModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', QUOTES_SEGMENT: 'not a segment!' } });
    expect(server.url).toMatch(/^http:/);
  });
});
