import { z } from 'zod';
import { createMemoryCache, createUpstreamClient, type UpstreamClientOptions } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { failure } from './support/failure.ts';

const SECRET = 'rpc-Secret-Key-987';
const reply = z.array(z.object({ id: z.number(), result: z.string() }));

let upstream: FakeUpstream;
beforeEach(async () => {
  upstream = await startFakeUpstream((request) => {
    if (request.method === 'HEAD') return { status: request.path.endsWith('/missing.png') ? 404 : 200, body: '' };
    const calls = JSON.parse(request.body) as { id: number }[];
    return { body: calls.map((call) => ({ id: call.id, result: '0x1' })) };
  });
});
afterEach(() => upstream.close());

const makeClient = (overrides: Partial<UpstreamClientOptions> = {}) =>
  createUpstreamClient({
    name: 'eth-mainnet JSON-RPC',
    // The key sits in the path, as Alchemy's does.
    baseUrl: `${upstream.url}/v2/${SECRET}`,
    timeoutMs: 10_000,
    cache: createMemoryCache(),
    secrets: [SECRET],
    retry: { retries: 2, initialDelayMs: 10, maxDelayMs: 20 },
    breaker: { consecutiveFailures: 50, halfOpenAfterMs: 300 },
    ...overrides,
  });

const batch = [{ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [] }];

describe('postJson', () => {
  it('POSTs the body as JSON to the base URL exactly and parses the reply with the schema', async () => {
    await expect(makeClient().postJson({ body: batch, schema: reply })).resolves.toEqual([{ id: 1, result: '0x1' }]);
    expect(upstream.requests).toHaveLength(1);
    const [request] = upstream.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe(`/v2/${SECRET}`);
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(request!.body)).toEqual(batch);
  });

  it('neither caches nor coalesces: every call is a request', async () => {
    const client = makeClient();
    await Promise.all([client.postJson({ body: batch, schema: reply }), client.postJson({ body: batch, schema: reply })]);
    await client.postJson({ body: batch, schema: reply });
    expect(upstream.requests).toHaveLength(3);
  });

  it('retries a 500 and recovers transparently', async () => {
    upstream.inject({ kind: 'status', status: 500 }, 1);
    await expect(makeClient().postJson({ body: batch, schema: reply })).resolves.toEqual([{ id: 1, result: '0x1' }]);
    expect(upstream.requests).toHaveLength(2);
  });

  it('times out each attempt and never shows the key', async () => {
    upstream.inject({ kind: 'timeout' });
    const error = await failure(makeClient({ timeoutMs: 200, retry: { retries: 1, initialDelayMs: 10, maxDelayMs: 10 } }).postJson({ body: batch, schema: reply }));
    expect(error.message).toBe('eth-mainnet JSON-RPC: no response within 200 ms (timed out)');
    expect(upstream.requests).toHaveLength(2);
    expect(JSON.stringify({ message: error.message, url: error.url, cause: String(error.cause) })).not.toContain(SECRET);
  });

  it('reports a reply that is not the expected shape, without retrying', async () => {
    upstream.inject({ kind: 'body', body: { hello: 'world' } });
    const error = await failure(makeClient().postJson({ body: batch, schema: reply }));
    expect(error.message).toMatch(/^eth-mainnet JSON-RPC: response did not have the expected shape/);
    expect(upstream.requests).toHaveLength(1);
  });

  it('opens the breaker after repeated failures and then fails fast without a request', async () => {
    upstream.inject({ kind: 'status', status: 503 });
    const client = makeClient({ retry: { retries: 0 }, breaker: { consecutiveFailures: 2, halfOpenAfterMs: 10_000 } });
    await failure(client.postJson({ body: batch, schema: reply }));
    await failure(client.postJson({ body: batch, schema: reply }));
    const open = await failure(client.postJson({ body: batch, schema: reply }));
    expect(open.message).toMatch(/circuit open: failing fast/);
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('head', () => {
  it('resolves to a 2xx status, and a 404 is an error carrying the status, not retried', async () => {
    const client = createUpstreamClient({ name: 'Logos', baseUrl: upstream.url, timeoutMs: 10_000, cache: createMemoryCache(), retry: { retries: 2, initialDelayMs: 10 } });
    await expect(client.head({ path: '/logo.png' })).resolves.toBe(200);
    const missing = await failure(client.head({ path: '/missing.png' }));
    expect(missing.statusCode).toBe(404);
    expect(upstream.requests.map((request) => request.method)).toEqual(['HEAD', 'HEAD']);
  });
});
