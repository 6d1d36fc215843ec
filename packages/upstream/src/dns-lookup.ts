import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';

/** Per server: 1 s, then once more (c-ares' own default can keep a query going for over 10 s). */
const QUERY = { timeout: 1_000, tries: 2 };

/** DNS answers that mean "no such name": only then is the system resolver asked (hosts files). */
const NOT_IN_DNS = new Set<string>([dns.NOTFOUND, dns.NODATA]);

/**
 * Resolves upstream host names by asking the DNS servers directly (c-ares, `dns.resolve4/6`)
 * rather than through getaddrinfo. A getaddrinfo call runs on libuv's thread pool and cannot
 * be cancelled; `process.exit` waits for it, so one lookup stuck on a silent DNS server (a
 * container without egress waits 8 s or more) kept a drained pack alive until its stop grace
 * period ran out. A c-ares query never holds the process. Names DNS does not know (`localhost`,
 * /etc/hosts entries such as Docker's extra_hosts) still go to the system resolver, which
 * answers those from its files.
 */
export async function lookupUpstreamHost(hostname: string, options: { family?: number | string } = {}): Promise<LookupAddress[]> {
  const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
  const literal = isIP(hostname);
  if (literal) return [{ address: hostname, family: literal }];
  const wanted = family === 4 || family === 6 ? [family] : [4, 6];
  // A fresh resolver takes the process's DNS servers as they are now (/etc/resolv.conf, or dns.setServers).
  const resolver = new dns.Resolver(QUERY);
  resolver.setServers(dns.getServers());
  const answers = await Promise.allSettled(wanted.map((version) => (version === 4 ? resolver.resolve4(hostname) : resolver.resolve6(hostname))));
  const addresses = answers.flatMap((answer, index) =>
    answer.status === 'fulfilled' ? answer.value.map((address) => ({ address, family: wanted[index]! })) : [],
  );
  if (addresses.length > 0) return addresses;
  const failure = answers.map((answer) => (answer.status === 'rejected' ? (answer.reason as NodeJS.ErrnoException) : undefined)).find(Boolean);
  if (failure && !NOT_IN_DNS.has(failure.code ?? '')) throw failure;
  return dns.lookup(hostname, { all: true, family: wanted.length === 1 ? wanted[0] : 0 });
}
