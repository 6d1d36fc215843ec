import request from 'supertest';
import { createApp, createLogger, createMetrics, parseEnv, type MountedPack } from '@toolgate/core/server';
import { packModules } from '../src/pack-modules.ts';
import { startUpstreamStub, upstreamEnv } from './support/upstream-stub.ts';

type Listed = { name: string; [field: string]: unknown };
const rpc = (method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });

/** The all-in-one gateway's packs, every upstream a local stub: `/mcp` beside each pack's own URL. */
describe('every pack at one URL, /mcp', () => {
  let stub: Awaited<ReturnType<typeof startUpstreamStub>>;
  let app: ReturnType<typeof createApp>;
  const own = new Map<string, Listed[]>();

  beforeAll(async () => {
    stub = await startUpstreamStub();
    const env = upstreamEnv(stub.url);
    const logger = createLogger({ level: 'silent' });
    const packs: MountedPack[] = [];
    for (const module of packModules) {
      const built = await module.create(parseEnv(module.envSchema, env), { logger });
      packs.push({ pack: built.pack, segment: module.name });
    }
    app = createApp({ packs, logger, metrics: createMetrics({ collectProcessMetrics: false }) });
    for (const { pack } of packs) own.set(pack.name, (await request(app).post(`/${pack.name}/mcp`).send(rpc('tools/list'))).body.result.tools);
  });
  afterAll(() => stub.close());

  it('lists every tool of every pack, each as <pack>_<tool> within ^[a-zA-Z0-9_-]{1,64}$, none left out', async () => {
    const combined: Listed[] = (await request(app).post('/mcp').send(rpc('tools/list'))).body.result.tools;
    const expected = [...own].flatMap(([pack, tools]) => tools.map((tool) => ({ ...tool, name: `${pack}_${tool.name}` })));
    expect(combined).toEqual(expected);
    // Every pack the manifests list is there with at least one tool (no count fixed here: `pnpm new-pack` adds packs).
    expect(new Set(combined.map(({ name }) => name.slice(0, name.indexOf('_'))))).toEqual(new Set(packModules.map(({ name }) => name)));
    for (const { name } of combined) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(combined.map(({ name }) => name)).size).toBe(combined.length);
  });

  it('answers a call of each pack exactly as the pack\'s own URL does', async () => {
    const calls: [string, string, Record<string, unknown>][] = [
      ['quotes', 'search_quotes', { query: 'wisdom', limit: 2 }],
      ['concert', 'events', { artist: 'Radiohead' }],
      ['chain', 'chain_info', { network: 'eth-mainnet' }],
      ['sports', 'search_teams', { name: 'Arsenal' }],
      ['game', 'brawlers', {}],
    ];
    for (const [pack, tool, args] of calls) {
      const through = await request(app).post('/mcp').send(rpc('tools/call', { name: `${pack}_${tool}`, arguments: args }));
      const direct = await request(app).post(`/${pack}/mcp`).send(rpc('tools/call', { name: tool, arguments: args }));
      expect(through.status).toBe(200);
      expect({ pack, body: through.body }).toEqual({ pack, body: direct.body });
      expect(through.body.result).toBeDefined();
    }
  });
});
