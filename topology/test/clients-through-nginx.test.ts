import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { postRpc, selectTargets, startNginx, startService, type PackTarget, type RunningNginx, type RunningService } from '../src/index.ts';

// Every pack in the run (the echo fixture plus each product pack present in the checkout, or
// TOOLGATE_TOPOLOGY_PACKS=quotes,chain,… to choose) as its own process behind one nginx, and the
// clients an operator will point at it.
const targets: PackTarget[] = selectTargets(process.env.TOOLGATE_TOPOLOGY_PACKS);
const table = targets.map((target) => [target.name, target] as const);

describe('clients through nginx', () => {
  let services: RunningService[] = [];
  let nginx: RunningNginx;

  // Every pack starts at once: on a loaded 2-core machine that takes more than one pack's 15 s.
  beforeAll(async () => {
    services = await Promise.all(targets.map((target) => startService(target.service('1'))));
    const upstreams = Object.fromEntries(targets.map((target, index) => [target.name, [services[index]!.address]]));
    nginx = await startNginx({ upstreams });
  }, 90_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(services.map((service) => service.stop()));
  });

  it.each(table)('%s: the official SDK v1 client (Streamable HTTP) initializes, lists and calls tools', async (_name, target) => {
    const client = new Client({ name: 'topology-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${nginx.url}/${target.name}/mcp`)));
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
      if (target.probe) {
        const result = await client.callTool({ name: target.probe.tool, arguments: target.probe.arguments });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual(expect.any(Object));
      }
    } finally {
      await client.close();
    }
  });

  it.each(table)('%s: a bare tools/list (no initialize, no Accept) answers through nginx', async (_name, target) => {
    const reply = await postRpc(`${nginx.url}/${target.name}/mcp`, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: 7, result: { tools: expect.any(Array) } });
  });

  it('aggregate /healthz names every pack, and its status agrees with the packs states', async () => {
    const response = await fetch(`${nginx.url}/healthz`);
    const body = (await response.json()) as { status: string; packs: Record<string, string> };
    expect(Object.keys(body.packs).sort()).toEqual(targets.map((target) => target.name).sort());
    const allReady = Object.values(body.packs).every((state) => state === 'ready');
    expect(response.status).toBe(allReady ? 200 : 503);
    expect(body.packs.echo ?? 'ready').toBe('ready');
  });
});
