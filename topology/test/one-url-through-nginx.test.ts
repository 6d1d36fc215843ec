import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startRedisServer, type RedisServer } from '@toolgate/test-support';
import { gatewayTarget, PRODUCT_PACKS, postRpc, productTarget, spendQuotaAcrossUrls, startNginx, startService, toolCall, type RunningNginx, type RunningService } from '../src/index.ts';

const HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const QUOTES_ONLY = 'tg_quotes_only_key';
const METERED = 'tg_metered_key';

// As compose and Kubernetes run it (docs/deployment.md#one-url): each pack's own service at
// /<pack>/mcp, and the all-in-one gateway (every pack in one process) at /mcp, behind the
// repository's nginx, both counting callers in one real Redis. A call through /mcp is served
// whole by the gateway, so it is limited and counted once, in the same counters as the pack's own URL.
describe('/mcp in the split deployment: the gateway service behind nginx', () => {
  let redis: RedisServer;
  let quotes: RunningService;
  let gateway: RunningService;
  let nginx: RunningNginx;
  let dir: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    dir = mkdtempSync(join(tmpdir(), 'toolgate-one-url-'));
    const keysFile = join(dir, 'keys.json');
    writeFileSync(
      keysFile,
      JSON.stringify([
        { name: 'quotes-only', key: QUOTES_ONLY, packs: ['quotes'] },
        { name: 'metered', key: METERED, daily_quota: 3 },
      ]),
    );
    const shared = { REDIS_URL: redis.url, API_KEYS_FILE: keysFile, TRUST_PROXY: 'loopback' };
    const withShared = (spec: ReturnType<typeof gatewayTarget.service>) => ({ ...spec, env: { ...spec.env, ...shared } });
    [quotes, gateway] = await Promise.all([
      startService(withShared(productTarget('quotes').service('1'))),
      startService(withShared(gatewayTarget.service('1'))),
    ]);
    nginx = await startNginx({ upstreams: { quotes: [quotes.address] }, env: { TOOLGATE_ONE_URL: gateway.address } });
  }, 90_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([quotes?.stop(), gateway?.stop()]);
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('an SDK client at /mcp sees what its key may call, named <pack>_<tool>, and calls it', async () => {
    const own = await postRpc(`${nginx.url}/quotes/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, bearer(QUOTES_ONLY));
    const quotesTools: string[] = own.json.result.tools.map((tool: { name: string }) => tool.name);
    expect(quotesTools).toContain('random_quote');

    const client = new Client({ name: 'topology-one-url', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${nginx.url}/mcp`), { requestInit: { headers: bearer(QUOTES_ONLY) } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(quotesTools.map((name) => `quotes_${name}`).sort());
      const result = await client.callTool({ name: 'quotes_random_quote', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(expect.objectContaining({ content: expect.any(String) }));
    } finally {
      await client.close();
    }

    // Another pack's tool is not this key's: said so, not "unknown tool". No key at all: 401.
    const refused = await postRpc(`${nginx.url}/mcp`, toolCall(2, 'chain_chain_info', { chain: 'ethereum' }), bearer(QUOTES_ONLY));
    expect(refused.json.error).toMatchObject({ code: -32003, message: expect.stringMatching(/not allowed/) });
    expect((await postRpc(`${nginx.url}/mcp`, { jsonrpc: '2.0', id: 3, method: 'tools/list' })).status).toBe(401);
  }, 30_000);

  it('the gateway serves every pack there: all of their tools at /mcp for an unrestricted key', async () => {
    const list = await postRpc(`${nginx.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, bearer(METERED));
    const packs = new Set(list.json.result.tools.map((tool: { name: string }) => tool.name.split('_')[0]));
    expect([...packs].sort()).toEqual([...PRODUCT_PACKS].sort());
  });

  it('a call through /mcp is counted once, in the same daily quota as the pack’s own URL', async () => {
    const said = await spendQuotaAcrossUrls(nginx.url, METERED);
    expect(said.slice(0, 3)).toEqual(['2 left', '1 left', '0 left']);
    for (const refusal of said.slice(3)) expect(refusal).toMatch(/^429 -32029 retry after [1-9][0-9]*$/);
  });

  it('elsewhere, nginx’s 404 names both kinds of endpoint', async () => {
    const lost = await postRpc(`${nginx.url}/nowhere/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(lost.status).toBe(404);
    expect(lost.json.error).toEqual({ code: -32004, message: 'Not found: MCP endpoints are at /mcp (every pack) and /<pack>/mcp' });
  });

  it('the catalog page comes from the gateway: every pack, and the one URL to copy', async () => {
    const response = await fetch(`${nginx.url}/`, { headers: { accept: HTML } });
    expect(response.status).toBe(200);
    const page = await response.text();
    for (const pack of PRODUCT_PACKS) expect(page).toContain(`id="pack-${pack}"`);
    expect(page).toContain('id="one-url"');
    expect(page).toContain(`<code>${nginx.url}/mcp</code>`);
  });

  it('the search view passes nginx at both URL kinds: ?view=search reaches the service, and the key still decides what is found', async () => {
    const names = (answer: { json: { result: { tools: { name: string }[] } } }) => answer.json.result.tools.map((tool) => tool.name);
    for (const path of ['/mcp', '/quotes/mcp']) {
      expect(names(await postRpc(`${nginx.url}${path}?view=search`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, bearer(QUOTES_ONLY)))).toEqual(['search_tools', 'call_tool']);
    }
    const found = await postRpc(`${nginx.url}/mcp?view=search`, toolCall(2, 'search_tools', { query: 'blockchain token balance of a wallet, or a random quote', limit: 20 }), bearer(QUOTES_ONLY));
    const foundNames: string[] = found.json.result.structuredContent.tools.map((tool: { name: string }) => tool.name);
    expect(foundNames).toContain('quotes_random_quote');
    for (const name of foundNames) expect(name).toMatch(/^quotes_/);
    const called = await postRpc(`${nginx.url}/quotes/mcp?view=search`, toolCall(3, 'call_tool', { name: 'random_quote', arguments: {} }), bearer(QUOTES_ONLY));
    expect(called.json.result.structuredContent).toEqual(expect.objectContaining({ content: expect.any(String) }));
  });

  it('/healthz counts the gateway; with it gone, /mcp says so and each pack’s URL still answers', async () => {
    const before = await fetch(`${nginx.url}/healthz`);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ status: 'ok', packs: { quotes: 'ready', one_url: 'ready' } });

    await gateway.stop();
    const after = await fetch(`${nginx.url}/healthz`);
    expect(after.status).toBe(503);
    expect(await after.json()).toEqual({ status: 'degraded', packs: { quotes: 'ready', one_url: 'unavailable' } });
    const gone = await postRpc(`${nginx.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, bearer(QUOTES_ONLY));
    expect(gone.status).toBe(503);
    expect(gone.json.error.code).toBe(-32053);
    expect((await postRpc(`${nginx.url}/quotes/mcp`, toolCall(1, 'random_quote', {}), bearer(QUOTES_ONLY))).json.result.isError).toBeFalsy();
  });
});
