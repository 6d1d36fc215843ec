import { startFakeUpstream, startPack, startRedis, type FakeUpstream, type PackHarness, type RunningRedis } from '@toolgate/upstream/testing';
import { gameModule } from '../src/index.ts';
import { TOKEN, brawlifyRoute, officialRoute } from './support/stand-ins.ts';

/** REDIS_URL set: two replicas of the game pack share what either of them fetched. */
describe('game pack with REDIS_URL', () => {
  let official: FakeUpstream;
  let brawlify: FakeUpstream;
  let redis: RunningRedis;
  const replicas: PackHarness[] = [];

  beforeAll(async () => {
    [official, brawlify, redis] = await Promise.all([startFakeUpstream(officialRoute), startFakeUpstream(brawlifyRoute), startRedis()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await Promise.all([official?.close(), brawlify?.close(), redis?.stop()]);
  });

  const replica = async () => {
    const harness = await startPack(gameModule, {
      BRAWLSTARS_API_TOKEN: TOKEN, BRAWLSTARS_BASE_URL: `${official.url}/v1`, BRAWLIFY_BASE_URL: `${brawlify.url}/v1`, REDIS_URL: redis.url, UPSTREAM_TIMEOUT_MS: '30000',
    });
    replicas.push(harness);
    return harness;
  };

  it('serves a profile and the brawler list the first replica fetched from Redis on the second: no upstream request', async () => {
    const [first, second] = [await replica(), await replica()];
    const profile = await first.call('player', { tag: '#GJRV99Q8' });
    const brawlers = await first.call('brawlers');
    expect([official.requests.length, brawlify.requests.length]).toEqual([1, 1]);
    expect((await second.call('player', { tag: 'gjrv99q8' })).structuredContent).toEqual(profile.structuredContent);
    expect((await second.call('brawlers')).structuredContent).toEqual(brawlers.structuredContent);
    expect([official.requests.length, brawlify.requests.length]).toEqual([1, 1]);
  });
});
