import dns from 'node:dns';
import { z } from 'zod';
import { createMemoryCache, createUpstreamClient, UpstreamError } from '../src/index.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { startDnsServer, type DnsServer } from './support/dns-server.ts';

// Upstream host names are resolved by asking DNS servers directly (c-ares), never through
// getaddrinfo on the thread pool, whose stuck lookups kept a drained pack from exiting.
// A DNS server on 127.0.0.1 is the only one that knows the test's names, so a lookup that
// went through getaddrinfo (the system resolver) would not find them.
const schema = z.object({ items: z.array(z.object({ id: z.number() })) });
const systemServers = dns.getServers();

let upstream: FakeUpstream;
let server: DnsServer | undefined;
beforeEach(async () => {
  upstream = await startFakeUpstream(() => ({ body: { items: [{ id: 7 }] } }));
});
afterEach(async () => {
  dns.setServers(systemServers);
  await server?.close();
  await upstream.close();
});

const clientFor = (baseUrl: string, timeoutMs = 5_000) =>
  createUpstreamClient({
    name: 'Named API',
    baseUrl,
    timeoutMs,
    cache: createMemoryCache(),
    retry: { retries: 0, initialDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 100 },
    breaker: { consecutiveFailures: 50, halfOpenAfterMs: 300 },
  });

const port = () => new URL(upstream.url).port;

describe('upstream host names', () => {
  it('are resolved by the DNS servers themselves (c-ares), not by getaddrinfo', async () => {
    server = await startDnsServer({ 'api.toolgate.test': '127.0.0.1' });
    dns.setServers([server.address]);
    const client = clientFor(`http://api.toolgate.test:${port()}`);
    await expect(client.get({ path: '/items', schema, ttlMs: 0 })).resolves.toEqual({ items: [{ id: 7 }] });
    expect(server.questions).toContainEqual({ name: 'api.toolgate.test', type: 1 });
    expect(upstream.requests).toHaveLength(1);
    await client.close();
  });

  it('that DNS does not know (localhost, hosts-file entries) still go to the system resolver', async () => {
    server = await startDnsServer({});
    dns.setServers([server.address]);
    const client = clientFor(`http://localhost:${port()}`);
    await expect(client.get({ path: '/items', schema, ttlMs: 0 })).resolves.toEqual({ items: [{ id: 7 }] });
    await client.close();
  });

  it('that DNS says do not exist fail as unreachable, naming the cause', async () => {
    server = await startDnsServer({});
    dns.setServers([server.address]);
    const client = clientFor(`http://nothing-here.invalid:${port()}`);
    const error = await client.get({ path: '/items', schema, ttlMs: 0 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as Error).message).toMatch(/^Named API: unreachable \(ENOTFOUND\)$/);
    expect(upstream.requests).toHaveLength(0);
    await client.close();
  });

  it('behind a DNS server that never answers fail within the upstream timeout', async () => {
    server = await startDnsServer({ 'api.toolgate.test': '127.0.0.1' }, { silent: true });
    dns.setServers([server.address]);
    const client = clientFor(`http://api.toolgate.test:${port()}`, 300);
    const error = await client.get({ path: '/items', schema, ttlMs: 0 }).catch((reason: unknown) => reason);
    expect((error as Error).message).toBe('Named API: no response within 300 ms (timed out)');
    expect(server.questions.map(({ name }) => name)).toContain('api.toolgate.test');
    await client.close();
  });
});
