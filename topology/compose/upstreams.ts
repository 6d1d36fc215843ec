import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { repoRoot } from '../src/index.ts';

/** The upstream secrets the stack is given: none may appear in a log line or a response. */
export const SECRETS = {
  BANDSINTOWN_APP_ID: 'bit-app-e2e-7Qm2x9',
  BRAWLSTARS_API_TOKEN: 'eyJ0eXAiOiJKV1Qi.e2e-secret-token-4kd8',
  THESPORTSDB_API_KEY: 'tsdb-e2e-key-81zq',
  ALCHEMY_API_KEY: 'alk-e2e-Secret-3f9p',
};

/** Tokens the Alchemy stand-in knows. DAI has no logo, so the pack asks the logo host (DNS). */
export const TOKENS = {
  USDC: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://static.alchemyapi.io/images/assets/3408.png' } },
  DAI: { address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', metadata: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18, logo: null } },
};

// The packs' own recorded fixtures (sources beside them in each pack's test/fixtures).
const fixture = (pack: string, name: string) => JSON.parse(readFileSync(`${repoRoot}services/${pack}/test/fixtures/${name}`, 'utf8'));

function alchemy(call: { id: number; method: string; params: any[] }) {
  const address = String(call.method === 'alchemy_getTokenAllowance' ? call.params[0]?.contract : call.params[0]).toLowerCase();
  const token = Object.values(TOKENS).find((candidate) => candidate.address.toLowerCase() === address);
  if (call.method === 'eth_getCode') return { jsonrpc: '2.0', id: call.id, result: token ? '0x6080' : '0x' };
  if (call.method === 'alchemy_getTokenMetadata') return { jsonrpc: '2.0', id: call.id, result: token?.metadata };
  if (call.method === 'alchemy_getTokenAllowance') return { jsonrpc: '2.0', id: call.id, result: '1000000' };
  return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Unsupported method' } };
}

function answer(path: string, query: URLSearchParams, authorization: string | undefined, body: string): { status: number; body: unknown } {
  if (path === '/bandsintown/events' && query.get('app_id') === SECRETS.BANDSINTOWN_APP_ID) return { status: 200, body: fixture('concert', 'bandsintown-events.json') };
  if (path === '/brawlstars/v1/events/rotation' && authorization === `Bearer ${SECRETS.BRAWLSTARS_API_TOKEN}`) {
    // Recorded in 2026-09: move the end times into the future so every slot is current.
    const later = new Date(Date.now() + 3_600_000).toISOString().replace(/[-:]/g, '');
    return { status: 200, body: fixture('game', 'brawlstars-rotation.json').map((slot: object) => ({ ...slot, endTime: later })) };
  }
  if (path === `/thesportsdb/api/v1/json/${SECRETS.THESPORTSDB_API_KEY}/eventsday.php`) return { status: 200, body: fixture('sports', 'eventsday.json') };
  if (path === `/alchemy/eth-mainnet/v2/${SECRETS.ALCHEMY_API_KEY}`) {
    const parsed = JSON.parse(body);
    return { status: 200, body: Array.isArray(parsed) ? parsed.map(alchemy) : alchemy(parsed) };
  }
  return { status: 404, body: { error: 'not found' } };
}

export interface Upstreams {
  /** The pack settings that point every pack at these stand-ins (what an operator's .env would say). */
  env: Record<string, string>;
  requests: string[];
  close(): Promise<void>;
}

/**
 * Stand-ins for every pack's upstream, listening on `host` (the Docker bridge's address on
 * this machine, which containers reach without egress), speaking each upstream's format.
 */
export async function startUpstreams(host: string): Promise<Upstreams> {
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const url = new URL(request.url ?? '/', 'http://upstream');
    requests.push(url.pathname);
    const reply = answer(url.pathname, url.searchParams, request.headers.authorization, body);
    response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      ...SECRETS,
      BANDSINTOWN_BASE_URL: `${base}/bandsintown`,
      BRAWLSTARS_BASE_URL: `${base}/brawlstars/v1`,
      THESPORTSDB_BASE_URL: `${base}/thesportsdb/api/v1/json`,
      ALCHEMY_URL_TEMPLATE: `${base}/alchemy/{network}/v2/{key}`,
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
