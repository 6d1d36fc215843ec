import { startFakeUpstream, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { brawlifyHosts, gameModule } from '../src/index.ts';
import { brawlifyRoute } from './support/stand-ins.ts';

describe('Brawlify and its mirror', () => {
  let primary: FakeUpstream;
  let mirror: FakeUpstream;
  let pack: PackHarness;
  beforeEach(async () => {
    primary = await startFakeUpstream(brawlifyRoute);
    mirror = await startFakeUpstream(brawlifyRoute);
    pack = await startPack(gameModule, { BRAWLIFY_BASE_URL: `${primary.url}/v1`, BRAWLIFY_MIRROR_URL: `${mirror.url}/v1`, UPSTREAM_TIMEOUT_MS: '1000' });
  });
  afterEach(async () => {
    await pack.close();
    await primary.close();
    await mirror.close();
  });

  it('asks only the first host while it answers', async () => {
    expect((await pack.call('brawler', { id: 16000038 })).structuredContent.name).toBe('Surge');
    expect(primary.requests).toHaveLength(1);
    expect(mirror.requests).toHaveLength(0);
  });

  it("falls back to the mirror when api.brawlify.com refuses (Cloudflare's 403), then asks the mirror first", async () => {
    primary.inject({ kind: 'status', status: 403 });
    expect((await pack.call('events_rotation')).structuredContent.items).toHaveLength(12);
    expect(primary.requests).toHaveLength(1);
    expect(mirror.requests).toHaveLength(1);
    expect((await pack.call('brawlers')).structuredContent.count).toBe(3);
    expect(primary.requests).toHaveLength(1);
    expect(mirror.requests.map((request) => request.path)).toEqual(['/v1/events', '/v1/brawlers']);
  });

  it('falls back on a timeout with one attempt at the first host, not three', async () => {
    primary.inject({ kind: 'timeout' });
    expect((await pack.call('game_modes')).structuredContent.count).toBe(9);
    expect(primary.requests).toHaveLength(1);
  });

  it('says what each host answered when both fail', async () => {
    primary.inject({ kind: 'status', status: 403 });
    mirror.inject({ kind: 'status', status: 502 });
    const result = await pack.call('maps');
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^Brawlify: refused the request \(HTTP 403\); it needs no key, so the host is turning this server away \(as Cloudflare has done to automated clients\); then Brawlify mirror: server error \(HTTP 502\)/);
  });

  it('takes a 404 as the answer: the mirror is not asked', async () => {
    const result = await pack.call('maps', { id: 15999999 });
    expect(result.content[0]!.text).toBe('Brawlify knows no map with id 15999999');
    expect(mirror.requests).toHaveLength(0);
  });
});

describe('which Brawlify hosts the pack asks', () => {
  it('defaults to api.brawlify.com, then api.brawlapi.com, also when BRAWLIFY_BASE_URL names api.brawlify.com', () => {
    expect(brawlifyHosts({})).toEqual(['https://api.brawlify.com/v1', 'https://api.brawlapi.com/v1']);
    expect(brawlifyHosts({ BRAWLIFY_BASE_URL: 'https://api.brawlify.com/v1/' })).toEqual(['https://api.brawlify.com/v1/', 'https://api.brawlapi.com/v1']);
  });
  it('adds no mirror the operator did not name once BRAWLIFY_BASE_URL is set', () => {
    expect(brawlifyHosts({ BRAWLIFY_BASE_URL: 'http://proxy.local/v1' })).toEqual(['http://proxy.local/v1']);
    expect(brawlifyHosts({ BRAWLIFY_BASE_URL: 'http://proxy.local/v1', BRAWLIFY_MIRROR_URL: 'https://api.brawlapi.com/v1' })).toEqual([
      'http://proxy.local/v1', 'https://api.brawlapi.com/v1',
    ]);
  });
  it('turns the mirror off with none, and never asks the same host twice', () => {
    expect(brawlifyHosts({ BRAWLIFY_MIRROR_URL: 'none' })).toEqual(['https://api.brawlify.com/v1']);
    expect(brawlifyHosts({ BRAWLIFY_MIRROR_URL: 'https://api.brawlify.com/v1' })).toEqual(['https://api.brawlify.com/v1']);
  });
  it('refuses a mirror that is neither a URL nor none, naming the variable', async () => {
    await expect(startPack(gameModule, { BRAWLIFY_MIRROR_URL: 'brawlapi' })).rejects.toThrow(/BRAWLIFY_MIRROR_URL/);
  });
});

describe('Brawlify alone (BRAWLIFY_MIRROR_URL=none)', () => {
  it("explains a 403 as the host turning the server away, not as a key problem (Brawlify needs none)", async () => {
    const refusing = await startFakeUpstream(() => ({ status: 403, body: { message: 'Forbidden' } }));
    const pack = await startPack(gameModule, { BRAWLIFY_BASE_URL: `${refusing.url}/v1`, BRAWLIFY_MIRROR_URL: 'none', UPSTREAM_TIMEOUT_MS: '1000' });
    try {
      const result = await pack.call('brawlers');
      expect(result.content[0]!.text).toBe(
        'Brawlify: refused the request (HTTP 403); it needs no key, so the host is turning this server away (as Cloudflare has done to automated clients)',
      );
      expect(refusing.requests).toHaveLength(1);
    } finally {
      await pack.close();
      await refusing.close();
    }
  });
});
