import { connectRedis, startPack, startRedis, type PackHarness, type RunningRedis } from '@toolgate/upstream/testing';
import { chainPackModule } from '../src/pack.ts';
import { startDevChain, type DevChain } from './support/dev-chain.ts';
import { startCountingProxy, type LocalServer } from './support/local-server.ts';

/** REDIS_URL set: two replicas of the chain pack (each its own Redis connection) share metadata. */
describe('chain pack with REDIS_URL', () => {
  let chain: DevChain;
  let proxy: LocalServer;
  let redis: RunningRedis;
  const replicas: PackHarness[] = [];

  beforeAll(async () => {
    [chain, redis] = await Promise.all([startDevChain(), startRedis()]);
    proxy = await startCountingProxy(chain.url);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await proxy?.close();
    await redis?.stop();
    await chain?.close();
  });

  const replica = async () => {
    const harness = await startPack(chainPackModule, { CHAIN_RPC_URLS: JSON.stringify({ devchain: proxy.url }), REDIS_URL: redis.url });
    replicas.push(harness);
    return harness;
  };

  it('serves the second replica from the metadata the first one read: zero RPC requests', async () => {
    const [first, second] = [await replica(), await replica()];
    const before = proxy.requests.length;
    const read = await first.call('token_metadata', { contract: chain.erc20, chain: 'devchain' });
    expect(read.structuredContent).toEqual({ name: 'Toolgate Token', symbol: 'TGT', decimals: 18, logo: null });
    expect(proxy.requests.length - before).toBe(1);

    const shared = await second.call('token_metadata', { contract: chain.erc20.toLowerCase(), chain: 'devchain' });
    expect(shared.structuredContent).toEqual(read.structuredContent);
    expect(proxy.requests.length - before).toBe(1);

    // The key is the chain and the checksummed address: no URL, no credential.
    const client = connectRedis(redis.url);
    try {
      expect(await client.keys('*metadata*')).toEqual([`toolgate:cache:chain:metadata:devchain:${chain.erc20}`]);
    } finally {
      client.disconnect();
    }
  });

  it('never caches allowances, in Redis either', async () => {
    const [first, second] = [await replica(), await replica()];
    const before = proxy.requests.length;
    const args = { contract: chain.erc20, owner: chain.accounts[0], spender: chain.accounts[2], chain: 'devchain' };
    await first.call('token_allowance', args);
    await second.call('token_allowance', args);
    await second.call('token_allowance', args);
    expect(proxy.requests.length - before).toBe(3);
  });
});
