import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOKEN as BRAWLSTARS_TOKEN, brawlifyRoute, officialRoute } from '../../services/game/test/support/stand-ins.ts';
import { sportsDbRoute } from '../../services/sports/test/sportsdb-stand-in.ts';
import { repoRoot } from '../src/index.ts';
import { alchemyAnswer } from './alchemy-stand-in.ts';

/**
 * The upstream secrets the stack is given: none may appear in a log line or a response. The
 * Bandsintown id is the one the concert recordings carry in their URLs (so the pack must strip
 * it); the Brawl Stars token is the one the game pack's own stand-in accepts.
 */
export const SECRETS = {
  BANDSINTOWN_APP_ID: '58c406aaf44bbb601a1bc5a75d0a4ca6',
  BRAWLSTARS_API_TOKEN: BRAWLSTARS_TOKEN,
  THESPORTSDB_API_KEY: 'tsdb-e2e-key-81zq',
  ALCHEMY_API_KEY: 'alk-e2e-Secret-3f9p',
};

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
type Route = (request: Request) => { status?: number; body: unknown };

// The chain pack's recorded Alchemy NFT v3 and Prices answers (services/chain/test/fixtures/alchemy, SOURCES.md there).
const alchemyData = (name: string) => JSON.parse(readFileSync(`${repoRoot}services/chain/test/fixtures/alchemy/${name}.json`, 'utf8'));
const alchemyDataRoute: Route = (request) => {
  const key = SECRETS.ALCHEMY_API_KEY;
  if (new RegExp(`^/[a-z0-9-]+/nft/v3/${key}/getNFTsForOwner$`).test(request.path)) return { body: alchemyData('nfts-for-owner-v3') };
  if (request.path === `/prices/v1/${key}/tokens/by-symbol`) return { body: alchemyData('prices-by-symbol') };
  return { status: 401, body: { error: { message: 'Must be authenticated!' } } };
};

// The concert pack's recordings (services/concert/test/fixtures, SOURCES.md there), by path as its tests serve them.
const concert = (name: string) => JSON.parse(readFileSync(`${repoRoot}services/concert/test/fixtures/bandsintown-${name}.json`, 'utf8'));
const bandsintown: Route = (request) => {
  if (request.query.get('app_id') !== SECRETS.BANDSINTOWN_APP_ID) return { status: 403, body: { errorMessage: 'Unauthorized' } };
  const routes: Record<string, string> = { '/events': 'events', '/artists/Justin%20Bieber': 'artist', '/artists/Christina%20Aguilera/events': 'artist-events' };
  const file = routes[request.path];
  return file ? { body: concert(file) } : { status: 404, body: { error: 'not found' } };
};

/** Each upstream under a prefix of its own; the game and sports routes are the packs' own test stand-ins. */
const prefixes = (rpc: string[]): Record<string, Route> => ({
  '/bandsintown': bandsintown,
  '/brawlstars': officialRoute,
  '/brawlify': brawlifyRoute,
  '/thesportsdb': sportsDbRoute([SECRETS.THESPORTSDB_API_KEY]),
  '/alchemy-data': alchemyDataRoute,
  '/alchemy': (request) =>
    request.path === `/eth-mainnet/v2/${SECRETS.ALCHEMY_API_KEY}` ? { body: alchemyAnswer(request.body, rpc) } : { status: 401, body: { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Must be authenticated!' } } },
});

export interface Upstreams {
  /** The pack settings that point every pack at these stand-ins (what an operator's .env would say). */
  env: Record<string, string>;
  /** Paths asked, with their prefix. */
  requests: string[];
  /** The shape of each JSON-RPC request Alchemy got (see alchemyAnswer). */
  rpc: string[];
  close(): Promise<void>;
}

/**
 * Stand-ins for every pack's upstream, listening on `host` (the Docker bridge's address on
 * this machine, which containers reach without egress), speaking each upstream's format.
 */
export async function startUpstreams(host: string): Promise<Upstreams> {
  const requests: string[] = [];
  const rpc: string[] = [];
  const routes = prefixes(rpc);
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const url = new URL(request.url ?? '/', 'http://upstream');
    requests.push(url.pathname);
    const prefix = Object.keys(routes).find((candidate) => url.pathname.startsWith(`${candidate}/`));
    let reply: { status?: number; body: unknown };
    try {
      const path = prefix ? url.pathname.slice(prefix.length) : url.pathname;
      reply = prefix ? routes[prefix]!({ method: request.method ?? 'GET', path, query: url.searchParams, headers: request.headers, body }) : { status: 404, body: { error: 'not found' } };
    } catch (error) {
      // A stand-in bug must show as an upstream fault in the test, never crash the test process.
      reply = { status: 500, body: { error: String(error) } };
    }
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
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
      BRAWLIFY_BASE_URL: `${base}/brawlify/v1`,
      THESPORTSDB_BASE_URL: `${base}/thesportsdb/api/v1/json`,
      ALCHEMY_URL_TEMPLATE: `${base}/alchemy/{network}/v2/{key}`,
      ALCHEMY_NFT_URL_TEMPLATE: `${base}/alchemy-data/{network}/nft/v3/{key}`,
      ALCHEMY_PRICES_URL_TEMPLATE: `${base}/alchemy-data/prices/v1/{key}`,
    },
    requests,
    rpc,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
