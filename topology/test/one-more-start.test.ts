import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { postRpc, startNginx, toolCall, type RunningNginx } from '../src/index.ts';

/**
 * A replica that drops the connection of its first `drops` requests (as a task does when it is
 * killed mid-request) and answers the later ones with the body it was sent.
 */
async function droppingReplica(drops: number): Promise<{ address: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    if (requests <= drops) return void request.socket.destroy();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const sent = JSON.parse(Buffer.concat(chunks).toString());
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id: sent.id, result: { received: sent } }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// When every replica nginx could try inside the upstream fails (with `resolve` in swarm, that is
// also every request whose replica set changed while it waited on a dead task: nginx will not
// retry it inside the upstream), the request gets one more start, with its whole body, before the
// client sees a 503. One replica here, so each start is exactly one attempt.
describe('an MCP request that fails on every replica nginx tried', () => {
  let nginx: RunningNginx | undefined;
  let replica: Awaited<ReturnType<typeof droppingReplica>> | undefined;

  afterEach(async () => {
    await nginx?.stop();
    await replica?.close();
  });

  it.each([
    ['/quotes/mcp', { quotes: [] as string[] }],
    ['/mcp', {}],
  ])('%s: is started once more and answered, its body resent whole', async (path, packs) => {
    replica = await droppingReplica(1);
    const upstreams = { ...packs, quotes: [replica.address] };
    nginx = await startNginx({ upstreams, env: path === '/mcp' ? { TOOLGATE_ONE_URL: replica.address } : {} });
    const call = toolCall(7, 'random_quote', { tag: 'x'.repeat(2_000) });

    const reply = await postRpc(`${nginx.url}${path}`, call);

    expect(reply.status).toBe(200);
    expect(reply.json.result.received).toEqual(call);
    expect(replica.requests()).toBe(2);
  });

  it('is started once more only: a second failure is the 503 -32053, after two attempts', async () => {
    replica = await droppingReplica(Number.POSITIVE_INFINITY);
    nginx = await startNginx({ upstreams: { quotes: [replica.address] } });

    const reply = await postRpc(`${nginx.url}/quotes/mcp`, toolCall(1, 'random_quote', {}));

    expect([reply.status, reply.json?.error?.code]).toEqual([503, -32053]);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect(replica.requests()).toBe(2);
  });
});
