import { startServer } from '@toolgate/core/server';
import { chainPackModule } from '../src/index.ts';

describe('the chain pack as a service', () => {
  it('starts with no key and no configuration, and lists its tools with their schemas', async () => {
    const running = await startServer({ service: 'chain', modules: [chainPackModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent' } });
    try {
      const response = await fetch(`${running.url}/chain/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      const { result } = (await response.json()) as { result: { tools: { name: string; description: string; inputSchema: any; outputSchema: any; annotations: any }[] } };
      expect(result.tools.map((tool) => tool.name)).toEqual([
        'token_allowance', 'token_metadata', 'token_balances', 'native_balance', 'chain_info', 'block', 'transaction', 'read_contract', 'nft_metadata',
        'nfts_owned', 'asset_transfers', 'token_prices',
      ]);
      const [allowance, metadata, balances, native] = result.tools;
      expect(allowance!.inputSchema.required).toEqual(['contract', 'owner', 'spender']);
      // One of contract (the spec's call, unchanged) or contracts (several) is required: said in
      // the description and checked at runtime, not a root oneOf, which providers refuse.
      expect(metadata!.inputSchema).not.toHaveProperty('oneOf');
      expect(metadata!.inputSchema.required).toBeUndefined();
      expect(metadata!.description).toMatch(/Give exactly one of contract or contracts/);
      // The spec's result for one contract is the first shape; {tokens, count} the second.
      const [single, many] = metadata!.outputSchema.anyOf;
      expect(metadata!.outputSchema.type).toBe('object');
      expect(single.required).toEqual(['name', 'symbol', 'decimals', 'logo']);
      expect(single.properties.decimals.type).toBe('integer');
      expect(single.properties.logo.anyOf).toEqual([{ type: 'string' }, { type: 'null' }]);
      expect(many.required).toEqual(['tokens', 'count']);
      expect(metadata!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      expect(balances!.inputSchema.required).toEqual(['owner']);
      expect(native!.outputSchema.required).toEqual(['address', 'chain', 'balance', 'amount', 'symbol', 'decimals']);
    } finally {
      await running.close();
    }
  });

  it('refuses to start on a bad CHAIN_RPC_URLS, naming it', async () => {
    await expect(
      startServer({ service: 'chain', modules: [chainPackModule], defaultPort: 0, env: { PORT: '0', CHAIN_RPC_URLS: '{"base-mainnet": 5}' } }),
    ).rejects.toThrow(/CHAIN_RPC_URLS: base-mainnet: /);
  });
});
