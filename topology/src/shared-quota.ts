import { postRpc, toolCall } from './rpc.ts';

/**
 * Spends a key's `daily_quota: 3` through `<base>/mcp` and `<base>/quotes/mcp` in turn, then asks
 * both once more, and says what each answer said: `"<n> left"` (the budget in the result's _meta)
 * for an answered call, `"<status> <code> retry after <s>"` for a refused one. One budget, counted
 * once per call, reads: 2 left, 1 left, 0 left, then a 429 at each URL.
 */
export async function spendQuotaAcrossUrls(base: string, key: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${key}` };
  const viaOneUrl = () => postRpc(`${base}/mcp`, toolCall(1, 'quotes_random_quote', {}), headers);
  const viaPack = () => postRpc(`${base}/quotes/mcp`, toolCall(1, 'random_quote', {}), headers);
  const said = [];
  for (const call of [viaOneUrl, viaPack, viaOneUrl, viaPack, viaOneUrl]) {
    const answer = await call();
    const left = answer.json?.result?._meta?.['dev.toolgate/budget']?.day?.remaining;
    said.push(left === undefined ? `${answer.status} ${answer.json?.error?.code} retry after ${answer.headers.get('retry-after')}` : `${left} left`);
  }
  return said;
}
