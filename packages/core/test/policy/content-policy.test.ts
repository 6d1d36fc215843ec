import request from 'supertest';
import { createApp, createGuards, createMetrics, parseEnv, securityEnvSchema } from '../../src/index.ts';
import { createAuditLog } from '../../src/mcp/audit-log.ts';
import { echoPack } from '../echo-pack.ts';
import { captureLog } from '../support/capture-log.ts';
import { libraryPack } from '../support/content-modules.ts';
import { writePolicyFile } from '../support/policy-fixtures.ts';

const KEYS = { library: 'key-whole-library-0001', lookupOnly: 'key-lookup-only-0002', echoOnly: 'key-echo-only-0003' };
const MODERN = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A key sees and uses the prompts and resources of the packs it may use (the whole pack granted), and nothing else. */
describe('prompts and resources under a caller’s policy', () => {
  const log = captureLog();
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const env = parseEnv(securityEnvSchema, {
      API_KEYS_FILE: writePolicyFile([
        { name: 'library', key: KEYS.library, packs: ['library'], rate_limit_per_minute: 3 },
        { name: 'lookup-only', key: KEYS.lookupOnly, tools: ['library/lookup'] },
        { name: 'echo-only', key: KEYS.echoOnly, packs: ['echo'] },
      ]),
    });
    const guards = await createGuards(env, log.logger);
    close = () => guards.close();
    app = createApp({
      packs: [
        { pack: echoPack, segment: 'echo' },
        { pack: libraryPack, segment: 'library' },
      ],
      logger: log.logger,
      metrics: createMetrics({ collectProcessMetrics: false }),
      guards: guards.handlers,
      callPolicy: { ...(guards.budget ? { budget: guards.budget } : {}), audit: createAuditLog(log.logger, { withArguments: false }) },
    });
  });
  afterAll(() => close());

  const rpc = async (path: string, key: string, method: string, params: Record<string, unknown> = {}, modern = false) => {
    const post = request(app).post(path).set('authorization', `Bearer ${key}`);
    if (modern) post.set({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': method });
    return (await post.send({ jsonrpc: '2.0', id: 1, method, params: modern ? { ...params, _meta: MODERN } : params })).body;
  };

  it('a key granted the whole pack lists and uses its prompts and resources; a 2026 list is then private', async () => {
    expect((await rpc('/library/mcp', KEYS.library, 'prompts/list')).result.prompts).toHaveLength(1);
    expect((await rpc('/library/mcp', KEYS.library, 'resources/read', { uri: 'books://catalog' })).result.contents).toHaveLength(1);
    expect((await rpc('/library/mcp', KEYS.library, 'resources/list', {}, true)).result).toMatchObject({ cacheScope: 'private', resources: [expect.any(Object)] });
  });

  it('a key granted one tool of the pack sees none of its prompts and resources, and is refused them as a tool is', async () => {
    expect((await rpc('/library/mcp', KEYS.lookupOnly, 'prompts/list')).result.prompts).toEqual([]);
    expect((await rpc('/library/mcp', KEYS.lookupOnly, 'resources/list')).result.resources).toEqual([]);
    expect((await rpc('/library/mcp', KEYS.lookupOnly, 'resources/templates/list')).result.resourceTemplates).toEqual([]);
    expect((await rpc('/library/mcp', KEYS.lookupOnly, 'prompts/get', { name: 'review', arguments: { book: 'dune' } })).error).toMatchObject({
      code: -32003,
      data: { pack: 'library', prompt: 'review' },
    });
    expect((await rpc('/library/mcp', KEYS.lookupOnly, 'resources/read', { uri: 'books://catalog' })).error).toMatchObject({ code: -32003, data: { pack: 'library', resource: 'books://catalog' } });
    expect((await rpc('/library/mcp', KEYS.lookupOnly, 'completion/complete', { ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'book', value: '' } })).error).toMatchObject({ code: -32003 });
    expect((await rpc('/library/mcp', KEYS.lookupOnly, 'tools/call', { name: 'lookup', arguments: { id: 'dune' } })).result.structuredContent).toEqual({ title: 'Dune', author: 'Frank Herbert' });
  });

  it('at /mcp a key sees only the prompts and resources of its packs', async () => {
    expect((await rpc('/mcp', KEYS.echoOnly, 'prompts/list')).result.prompts).toEqual([]);
    expect((await rpc('/mcp', KEYS.echoOnly, 'resources/read', { uri: 'books://library///catalog' })).error).toMatchObject({ code: -32003 });
    expect((await rpc('/mcp', KEYS.library, 'prompts/list')).result.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(['library_review']);
  });

  it('charges prompts/get and resources/read to the caller’s budget and writes an audit line for each', async () => {
    const used = [
      await rpc('/library/mcp', KEYS.library, 'prompts/get', { name: 'review', arguments: { book: 'dune' } }),
      await rpc('/library/mcp', KEYS.library, 'resources/read', { uri: 'books://book/emma' }),
    ];
    for (const answer of used) expect(answer.result._meta['dev.toolgate/budget'].minute).toMatchObject({ limit: 3, remaining: expect.any(Number) });
    // Three uses a minute: whatever the window, a fourth use in a row is refused, as a tool call would be.
    let refused: { error?: { code: number } } | undefined;
    for (let attempt = 0; attempt < 4 && !refused?.error; attempt += 1) refused = await rpc('/library/mcp', KEYS.library, 'resources/read', { uri: 'books://catalog' });
    expect(refused?.error?.code).toBe(-32029);
    const lines = log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.audit === 'request');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ caller: 'library', pack: 'library', method: 'prompts/get', target: 'review', outcome: 'ok' }),
        expect.objectContaining({ caller: 'library', pack: 'library', method: 'resources/read', target: 'books://book/emma', outcome: 'ok' }),
        expect.objectContaining({ caller: 'lookup-only', method: 'resources/read', outcome: 'not_allowed' }),
        expect.objectContaining({ caller: 'library', method: 'resources/read', outcome: 'rate_limited' }),
      ]),
    );
  });
});
