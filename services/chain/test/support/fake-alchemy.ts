import { startLocalServer, type LocalServer } from './local-server.ts';

export interface FakeToken {
  code: string;
  metadata?: { name: string | null; symbol: string | null; decimals: number | null; logo: string | null };
  /** owner:spender (lower case) → allowance. */
  allowances?: Record<string, bigint>;
}

/**
 * Speaks Alchemy's JSON-RPC at /<network>/v2/<key>, single or batched, for the methods the
 * pack uses: eth_getCode, alchemy_getTokenMetadata, alchemy_getTokenAllowance. A wrong key
 * gets 401 as from Alchemy. Results follow Alchemy's documented shapes (allowance: decimal string).
 */
export async function startFakeAlchemy(options: { key: string; tokens: Record<string, FakeToken> }): Promise<LocalServer> {
  const find = (address: unknown) => (typeof address === 'string' ? options.tokens[address.toLowerCase()] : undefined);
  const answer = (call: { id: number; method: string; params: unknown[] }) => {
    const token = find(call.method === 'alchemy_getTokenAllowance' ? (call.params[0] as { contract: string }).contract : call.params[0]);
    switch (call.method) {
      case 'eth_getCode':
        return { jsonrpc: '2.0', id: call.id, result: token?.code ?? '0x' };
      case 'alchemy_getTokenMetadata':
        return { jsonrpc: '2.0', id: call.id, result: token?.metadata ?? { name: null, symbol: null, decimals: null, logo: null } };
      case 'alchemy_getTokenAllowance': {
        const { owner, spender } = call.params[0] as { owner: string; spender: string };
        if (!token?.allowances) return { jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted' } };
        return { jsonrpc: '2.0', id: call.id, result: String(token.allowances[`${owner}:${spender}`.toLowerCase()] ?? 0n) };
      }
      default:
        return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Unsupported method' } };
    }
  };
  return startLocalServer((request, body, response) => {
    const match = /^\/([a-z0-9-]+)\/v2\/([^/]+)$/.exec(request.url ?? '');
    if (!match || decodeURIComponent(match[2]!) !== options.key) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Must be authenticated!' } }));
      return;
    }
    const parsed = JSON.parse(body);
    const reply = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  });
}
