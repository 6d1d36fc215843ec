import { readFileSync } from 'node:fs';
import { startLocalServer, type LocalServer } from './local-server.ts';

/** A recorded Alchemy reply (test/fixtures/alchemy/*.json): its `result` or `error` is served. */
export function alchemyFixture(name: string): { result?: unknown; error?: { code: number; message: string } } {
  return JSON.parse(readFileSync(new URL(`../fixtures/alchemy/${name}.json`, import.meta.url), 'utf8'));
}

type Reply = { result?: unknown; error?: { code: number; message: string } };

export interface FakeAlchemyOptions {
  key: string;
  /** Where standard methods (eth_*) go: a real dev chain, so fallbacks read real contracts. */
  chainUrl: string;
  /** Contract (lower case) → the reply to alchemy_getTokenMetadata; others get the unindexed error. */
  metadata: Record<string, Reply>;
  /** Owner (lower case) → the reply to alchemy_getTokenBalances(owner, "erc20"). */
  balances?: Record<string, Reply>;
}

/**
 * Alchemy at /<network>/v2/<key>: its own methods answered from recorded replies, alone only
 * (an alchemy_* call inside a batch gets an error, as Alchemy refuses them there); standard
 * methods, alone or batched, forwarded to a real dev chain. A wrong key gets 401 as from Alchemy.
 */
export async function startFakeAlchemy(options: FakeAlchemyOptions): Promise<LocalServer> {
  const unindexed = alchemyFixture('token-metadata-unindexed');
  const alchemyReply = (call: { method: string; params: unknown[] }): Reply => {
    const first = String(call.params[0]).toLowerCase();
    if (call.method === 'alchemy_getTokenMetadata') return options.metadata[first] ?? unindexed;
    if (call.method === 'alchemy_getTokenBalances' && call.params[1] === 'erc20') return options.balances?.[first] ?? { result: { address: first, tokenBalances: [] } };
    return { error: { code: -32601, message: `Unsupported method: ${call.method}` } };
  };
  const forward = async (body: unknown) => {
    const response = await fetch(options.chainUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return response.json();
  };
  return startLocalServer(async (request, body, response) => {
    const match = /^\/([a-z0-9-]+)\/v2\/([^/]+)$/.exec(request.url ?? '');
    const json = (status: number, value: unknown) => void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (!match || decodeURIComponent(match[2]!) !== options.key) {
      return json(401, { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Must be authenticated!' } });
    }
    const parsed = JSON.parse(body);
    if (Array.isArray(parsed)) {
      const refused = parsed.filter((call) => String(call.method).startsWith('alchemy_'));
      if (refused.length > 0) {
        return json(200, parsed.map((call) => ({ jsonrpc: '2.0', id: call.id, error: { code: -32600, message: `${call.method} is not supported in batch requests` } })));
      }
      return json(200, await forward(parsed));
    }
    if (!String(parsed.method).startsWith('alchemy_')) return json(200, await forward(parsed));
    return json(200, { jsonrpc: '2.0', id: parsed.id, ...alchemyReply(parsed) });
  });
}
