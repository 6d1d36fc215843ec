import { readFileSync } from 'node:fs';
import { startLocalServer, type LocalServer } from './local-server.ts';

export const dataFixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/alchemy/${name}.json`, import.meta.url), 'utf8'));

/**
 * Alchemy's data APIs as their documented paths: NFT v3 at /<network>/nft/v3/<key>/getNFTsForOwner,
 * Prices at /prices/v1/<key>/tokens/by-symbol and /by-address, and alchemy_getAssetTransfers
 * (JSON-RPC) at /<network>/v2/<key>. Recorded bodies (test/fixtures/alchemy/, SOURCES.md); a wrong
 * key gets 401 as from Alchemy.
 */
export async function startFakeAlchemyData(key: string): Promise<LocalServer> {
  return startLocalServer((request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const json = (status: number, value: unknown) => void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const nft = /^\/([a-z0-9-]+)\/nft\/v3\/([^/]+)\/getNFTsForOwner$/.exec(url.pathname);
    const prices = /^\/prices\/v1\/([^/]+)\/tokens\/(by-symbol|by-address)$/.exec(url.pathname);
    const rpc = /^\/([a-z0-9-]+)\/v2\/([^/]+)$/.exec(url.pathname);
    const given = decodeURIComponent((nft?.[2] ?? prices?.[1] ?? rpc?.[2]) || '');
    if (given !== key) return json(401, { error: { message: 'Must be authenticated!' } });
    if (nft) return json(200, dataFixture('nfts-for-owner-v3'));
    if (prices?.[2] === 'by-symbol') return json(200, dataFixture('prices-by-symbol'));
    if (prices?.[2] === 'by-address') return json(200, dataFixture('prices-by-address'));
    const call = JSON.parse(body);
    if (rpc && call.method === 'alchemy_getAssetTransfers') return json(200, { ...(dataFixture('asset-transfers-binance') as object), id: call.id });
    return json(404, { error: { message: 'not found' } });
  });
}
