import { createServer, type Server } from 'node:http';

/**
 * One local stand-in for every upstream during the fuzz run: answers any request at once
 * with a JSON body no upstream schema accepts, so tools that get past validation fail fast
 * (as an isError result) instead of reaching the internet.
 */
export async function startUpstreamStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"fuzz":"not what you expected"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The documented upstream variables (the packs' manifests, .env.example), all pointed at the stub. */
export function upstreamEnv(stubUrl: string): Record<string, string> {
  return {
    ALCHEMY_API_KEY: 'fuzz',
    ALCHEMY_URL_TEMPLATE: `${stubUrl}/alchemy/{network}/{key}`,
    ALCHEMY_NFT_URL_TEMPLATE: `${stubUrl}/alchemy-nft/{network}/{key}`,
    ALCHEMY_PRICES_URL_TEMPLATE: `${stubUrl}/alchemy-prices/{key}`,
    CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': `${stubUrl}/rpc` }),
    BANDSINTOWN_APP_ID: 'fuzz',
    BANDSINTOWN_BASE_URL: `${stubUrl}/bandsintown`,
    BRAWLSTARS_API_TOKEN: 'fuzz',
    BRAWLSTARS_BASE_URL: `${stubUrl}/brawlstars`,
    BRAWLIFY_BASE_URL: `${stubUrl}/brawlify`,
    THESPORTSDB_API_KEY: '123',
    THESPORTSDB_BASE_URL: `${stubUrl}/thesportsdb`,
    UPSTREAM_TIMEOUT_MS: '1000',
  };
}
