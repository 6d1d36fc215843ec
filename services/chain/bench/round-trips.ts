// Benchmark: HTTP requests and latency of token_metadata (uncached, cached) and of token_balances
// of 50 tokens, against a real ganache dev chain (with Multicall3 deployed as on mainnets) behind a
// counting proxy; baselines: ethers' Contract reading the same facts with one request per call.
// Writes the "Chain pack" section of docs/benchmarks.md.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { Contract, JsonRpcProvider } from 'ethers';
import { createApp, createLogger, createMetrics, parseEnv, serve } from '@toolgate/core/server';
import { createChainPack } from '../src/chain-pack.ts';
import { chainEnvSchema } from '../src/config.ts';
import { startDevChain } from '../test/support/dev-chain.ts';
import { startCountingProxy } from '../test/support/local-server.ts';

const ROUNDS = 40;
const BALANCE_TOKENS = 50;
const chain = await startDevChain();
const holder = chain.accounts[4]!;
const benchTokens = await chain.deployTokens(BALANCE_TOKENS, holder);
const proxy = await startCountingProxy(chain.url);
const logger = createLogger({ level: 'silent' });
const config = parseEnv(chainEnvSchema, { CHAIN_RPC_URLS: JSON.stringify({ devchain: proxy.url }) });

async function servePack() {
  const { pack } = createChainPack({ config });
  const app = createApp({ packs: [{ pack, segment: 'chain' }], logger, metrics: createMetrics({ collectProcessMetrics: false }) });
  return serve(app, { port: 0, host: '127.0.0.1', logger });
}

async function callTool(url: string, name: string, args: Record<string, unknown>) {
  const response = await fetch(`${url}/chain/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { ...args, chain: 'devchain' } } }),
  });
  const body = (await response.json()) as { result: { isError?: boolean; structuredContent?: { tokens?: { balance: string | null }[] } } };
  if (body.result.isError) throw new Error(JSON.stringify(body));
  return body.result.structuredContent;
}
const callMetadata = (url: string) => callTool(url, 'token_metadata', { contract: chain.erc20 }).then(() => undefined);
const callBalances = async (url: string) => {
  const result = await callTool(url, 'token_balances', { owner: holder, contracts: benchTokens });
  // Every bench token was minted to the holder: a null or zero balance would be a wrong answer.
  if (result?.tokens?.length !== BALANCE_TOKENS || result.tokens.some((token) => !token.balance || token.balance === '0x0')) throw new Error('wrong balances');
};

/** Mean ms per call and upstream requests per call. */
async function measure(run: () => Promise<void>) {
  await run(); // warm up JIT and sockets
  const requestsBefore = proxy.requests.length;
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) await run();
  return { ms: (performance.now() - started) / ROUNDS, requests: (proxy.requests.length - requestsBefore) / ROUNDS };
}

// Uncached: a fresh pack (empty cache) per call; its server start is outside the timing.
async function measureFresh(run: (url: string) => Promise<void>) {
  const runs: { ms: number; requests: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const server = await servePack();
    const before = proxy.requests.length;
    const started = performance.now();
    await run(server.url);
    runs.push({ ms: performance.now() - started, requests: proxy.requests.length - before });
    await server.close();
  }
  return {
    ms: runs.reduce((sum, run) => sum + run.ms, 0) / ROUNDS,
    requests: runs.reduce((sum, run) => sum + run.requests, 0) / ROUNDS,
    maxRequests: Math.max(...runs.map((run) => run.requests)),
  };
}
const uncached = await measureFresh(callMetadata);
const balancesUncached = await measureFresh(callBalances);

const server = await servePack();
const cached = await measure(() => callMetadata(server.url));
// Balances are never cached: a warm pack still reads them (its units come from the cache).
const balancesWarm = await measure(() => callBalances(server.url));
await server.close();

// cacheTimeout -1: ethers would otherwise reuse identical answers for 250 ms, hiding requests.
const provider = new JsonRpcProvider(proxy.url, undefined, { staticNetwork: true, batchMaxCount: 1, cacheTimeout: -1 });
const token = new Contract(chain.erc20, ['function name() view returns (string)', 'function symbol() view returns (string)', 'function decimals() view returns (uint8)'], provider);
const naive = await measure(async () => {
  await provider.getCode(chain.erc20);
  await Promise.all([token.getFunction('name')(), token.getFunction('symbol')(), token.getFunction('decimals')()]);
});
const erc20Abi = ['function balanceOf(address) view returns (uint256)', 'function decimals() view returns (uint8)', 'function symbol() view returns (string)'];
const naiveBalances = await measure(async () => {
  for (const address of benchTokens) {
    const each = new Contract(address, erc20Abi, provider);
    await Promise.all([each.getFunction('balanceOf')(holder), each.getFunction('decimals')(), each.getFunction('symbol')()]);
  }
});
provider.destroy();
await proxy.close();
await chain.close();

const fmt = (value: number) => value.toFixed(2);
const section = `## Chain pack

\`pnpm --filter @toolgate/chain bench\` (services/chain/bench/round-trips.ts): token_metadata for an
OpenZeppelin ERC-20, and token_balances of ${BALANCE_TOKENS} OpenZeppelin ERC-20s held by one owner, on a ganache dev
chain, through the pack's HTTP endpoint, ${ROUNDS} calls each; HTTP requests counted at a proxy in front of the
chain's JSON-RPC endpoint. Baselines: ethers v6 \`Contract\` reads of the same facts (eth_getCode, name, symbol,
decimals; balanceOf, decimals, symbol per token), one request per call. Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}.

| case | upstream HTTP requests per call | mean ms per call |
|---|---|---|
| token_metadata, uncached (fresh pack each call) | ${fmt(uncached.requests)} (max ${uncached.maxRequests}) | ${fmt(uncached.ms)} |
| token_metadata, cached | ${fmt(cached.requests)} | ${fmt(cached.ms)} |
| baseline: ethers Contract, one request per call | ${fmt(naive.requests)} | ${fmt(naive.ms)} |
| token_balances of ${BALANCE_TOKENS} tokens, uncached (fresh pack each call) | ${fmt(balancesUncached.requests)} (max ${balancesUncached.maxRequests}) | ${fmt(balancesUncached.ms)} |
| token_balances of ${BALANCE_TOKENS} tokens, warm pack (balances read live, units cached) | ${fmt(balancesWarm.requests)} | ${fmt(balancesWarm.ms)} |
| baseline: ethers Contract balanceOf + decimals + symbol per token, one request per call | ${fmt(naiveBalances.requests)} | ${fmt(naiveBalances.ms)} |

Uncached, token_metadata needs ${fmt(naive.requests / Math.max(uncached.requests, 1e-9))}x fewer upstream requests than the baseline
(one JSON-RPC batch); cached, none. token_balances of ${BALANCE_TOKENS} tokens is one upstream request (one eth_call of
Multicall3 aggregate3, deployed on the dev chain by its real presigned transaction), ${fmt(naiveBalances.requests / Math.max(balancesUncached.requests, 1e-9))}x fewer than
the baseline, and ${fmt(naiveBalances.ms / Math.max(balancesUncached.ms, 1e-9))}x faster here. Latencies are on a 2-core machine shared with other work: read the ratios, not the numbers.
`;
console.log(section);

const path = new URL('../../../docs/benchmarks.md', import.meta.url);
const existing = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n\nRe-runnable with `pnpm bench`; each section is rewritten by its own benchmark.\n';
const start = existing.indexOf('## Chain pack');
let updated: string;
if (start === -1) updated = `${existing.trimEnd()}\n\n${section}`;
else {
  const next = existing.indexOf('\n## ', start + 1);
  updated = `${existing.slice(0, start)}${section}${next === -1 ? '' : `\n${existing.slice(next + 1)}`}`;
}
writeFileSync(path, updated);
if (uncached.maxRequests !== 1 || cached.requests !== 0 || balancesUncached.maxRequests !== 1 || balancesWarm.requests !== 1) {
  console.error('expected exactly one upstream request uncached and none cached (metadata), and exactly one per token_balances call');
  process.exit(1);
}
