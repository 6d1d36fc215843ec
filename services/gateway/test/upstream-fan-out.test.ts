import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type RunningServer } from '@toolgate/core/server';
import { chainPackModule } from '@toolgate/chain';

/**
 * A local stand-in for an Ethereum JSON-RPC node: answers each batch after a few milliseconds,
 * every eth_getCode with "0x" (no code at the address, the documented answer for an account
 * without a contract) and every eth_call with "0x", and counts how many requests it is
 * answering at once. Hand-written: the shape is the JSON-RPC 2.0 batch answer of the spec.
 */
async function startCountingNode() {
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      stats.requests += 1;
      stats.inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      await sleep(5);
      const calls = JSON.parse(body) as { id: number }[];
      stats.inFlight -= 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(calls.map(({ id }) => ({ jsonrpc: '2.0', id, result: '0x' }))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return { url: `http://127.0.0.1:${port}`, stats, close };
}

const contract = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}`;
const metadataCall = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'token_metadata', arguments: { contract: contract(id) } } });

// Issue 11, item 3: one request (and one client) may have only a few upstream calls in flight,
// so a big batch neither floods the node nor trips the breaker every client shares.
describe('upstream calls one client can cause at once', () => {
  let node: Awaited<ReturnType<typeof startCountingNode>>;
  let gateway: RunningServer;

  beforeAll(async () => {
    node = await startCountingNode();
    gateway = await startServer({
      service: 'fan-out',
      modules: [chainPackModule],
      defaultPort: 0,
      env: {
        PORT: '0',
        LOG_LEVEL: 'silent',
        CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': node.url }),
        // The node answers every request: a limit no loaded machine reaches, so no attempt times out
        // and is retried (a retry would be a 1,001st request).
        UPSTREAM_TIMEOUT_MS: '30000',
        MAX_BATCH_SIZE: '1000',
        MAX_CALLS_IN_FLIGHT_PER_CLIENT: '6',
      },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await node?.close();
  });

  const post = (body: unknown) =>
    fetch(`${gateway.url}/chain/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      async (response) => ({ status: response.status, body: (await response.json()) as { id: number; result: { isError?: boolean; content: { text: string }[] } }[] }),
    );

  it('a 1,000-call token_metadata batch reaches the node at most BATCH_CONCURRENCY (4) requests at a time, and every call is answered', async () => {
    const reply = await post(Array.from({ length: 1_000 }, (_, id) => metadataCall(id)));
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(1_000);
    expect(node.stats.requests).toBe(1_000);
    expect(node.stats.maxInFlight).toBeLessThanOrEqual(4);
    // Every answer is the node's ("no contract"), none a timeout or an open breaker.
    const texts = new Set(reply.body.map((member) => member.result.content[0]!.text.replace(/0x[0-9a-fA-F]{40}/, '<contract>')));
    expect([...texts]).toEqual([expect.stringMatching(/^No contract at <contract> on eth-mainnet/)]);
  }, 60_000);

  it('several batches of one client share MAX_CALLS_IN_FLIGHT_PER_CLIENT (6), and the breaker stays closed', async () => {
    node.stats.maxInFlight = 0;
    const replies = await Promise.all([0, 1, 2].map((batch) => post(Array.from({ length: 100 }, (_, id) => metadataCall(batch * 100 + id)))));
    expect(replies.map((reply) => reply.body.length)).toEqual([100, 100, 100]);
    expect(node.stats.maxInFlight).toBeLessThanOrEqual(6);
    const after = await post([metadataCall(7)]);
    expect(after.body[0]!.result.content[0]!.text).toMatch(/^No contract at/);
  }, 60_000);
});
