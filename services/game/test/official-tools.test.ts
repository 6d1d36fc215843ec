import { startFakeUpstream, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { gameModule } from '../src/index.ts';
import { fixture } from './support/fixtures.ts';
import { TOKEN, officialRoute } from './support/stand-ins.ts';

const OFFLINE = 'http://127.0.0.1:9/v1';

describe('keyed tools against the official API stand-in (recorded answers)', () => {
  let upstream: FakeUpstream;
  let pack: PackHarness;
  beforeAll(async () => {
    upstream = await startFakeUpstream(officialRoute);
    pack = await startPack(gameModule, { BRAWLSTARS_API_TOKEN: TOKEN, BRAWLSTARS_BASE_URL: `${upstream.url}/v1`, BRAWLIFY_BASE_URL: OFFLINE, UPSTREAM_TIMEOUT_MS: '30000' });
  });
  afterAll(async () => {
    await pack.close();
    await upstream.close();
  });
  beforeEach(() => upstream.requests.splice(0));

  it('player: normalises the tag (# optional, case, O as 0) and asks for /players/%23TAG', async () => {
    const result = await pack.call('player', { tag: 'gjrv99q8' });
    expect(result.isError).toBeUndefined();
    expect(upstream.requests[0]!.path).toBe('/v1/players/%23GJRV99Q8');
    expect(result.structuredContent).toMatchObject({ tag: '#GJRV99Q8', trophies: 123664, club: { tag: '#80GP0LRL0' }, brawlerCount: 3 });
  });

  it('player: caches the profile for minutes, one upstream request for repeated calls', async () => {
    await pack.call('player', { tag: '#GJRV99Q8' });
    await pack.call('player', { tag: '#GJRV99Q8' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('player_battlelog: the recorded battles, friendly -1 as null', async () => {
    const result = await pack.call('player_battlelog', { tag: '#GJRV99Q8' });
    expect(upstream.requests[0]!.path).toBe('/v1/players/%23GJRV99Q8/battlelog');
    expect(result.structuredContent.count).toBe(4);
    expect(result.structuredContent.items[1].starPlayer.brawler).toEqual({ id: 16000010, name: 'EL PRIMO', power: null, trophies: null });
  });

  it('club and club_members', async () => {
    const club = await pack.call('club', { tag: '#8OGPOLRLO' });
    expect(upstream.requests[0]!.path).toBe('/v1/clubs/%2380GP0LRL0');
    expect(club.structuredContent).toMatchObject({ name: 'Top ladder🍋', type: 'inviteOnly', memberCount: 5 });
    const members = await pack.call('club_members', { tag: '80GP0LRL0' });
    expect(upstream.requests[1]!.path).toBe('/v1/clubs/%2380GP0LRL0/members');
    expect(members.structuredContent.items.map((member: { role: string }) => member.role)).toEqual(['president', 'member', 'member', 'member', 'member']);
  });

  it('rankings: players, clubs and one brawler, global or by country, with the limit sent upstream', async () => {
    const players = await pack.call('rankings', { kind: 'players', country: 'fr', limit: 11 });
    expect(upstream.requests[0]!.path).toBe('/v1/rankings/FR/players');
    expect(upstream.requests[0]!.query.get('limit')).toBe('11');
    expect(players.structuredContent).toMatchObject({ kind: 'players', country: 'FR', brawlerId: null, count: 11 });
    const clubs = await pack.call('rankings', { kind: 'clubs' });
    expect(upstream.requests[1]!.path).toBe('/v1/rankings/global/clubs');
    expect(upstream.requests[1]!.query.get('limit')).toBe('50');
    expect(clubs.structuredContent.items[0]).toEqual({ rank: 1, tag: '#80GP0LRL0', name: 'Top ladder🍋', trophies: 3223816, club: null, memberCount: 30 });
    const brawler = await pack.call('rankings', { kind: 'brawlers', brawler_id: 16000000 });
    expect(upstream.requests[2]!.path).toBe('/v1/rankings/global/brawlers/16000000');
    expect(brawler.structuredContent.items[0]).toMatchObject({ rank: 1, name: 'Dc-bsbest111', trophies: 2256, club: null });
  });

  it.each([
    ['player', { tag: '#2PX' }, 'tag: player tag has "X", which no tag contains (tags use only 0289PYLQGRJCUV)'],
    ['player', { tag: '../clubs/%232P' }, 'tag: player tag has "."'],
    ['club', { tag: '' }, 'tag: club tag is empty'],
    ['player', {}, 'tag:'],
    ['rankings', { kind: 'players', country: 'France' }, 'country must be "global" or a two-letter ISO 3166-1 country code'],
    ['rankings', { kind: 'players', limit: 2.5 }, 'limit must be a whole number'],
    ['rankings', { kind: 'players', limit: 500 }, 'limit must be at most 200'],
    ['rankings', { kind: 'brawlers' }, 'brawler_id is required when kind is "brawlers"'],
    ['rankings', { kind: 'clubs', brawler_id: 16000000 }, 'brawler_id only applies when kind is "brawlers"'],
    ['rankings', { kind: 'brawlers', brawler_id: 5 }, 'brawler_id must be a brawler id'],
  ])('%s %j is refused with a clear message and no upstream request', async (tool, args, message) => {
    const result = await pack.call(tool, args);
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain(message);
    expect(upstream.requests).toHaveLength(0);
  });

  it("an unknown tag is the API's notFound, named", async () => {
    const result = await pack.call('player', { tag: '#2PP' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe('Brawl Stars API: no player with tag #2PP (notFound)');
  });
});

describe('what the official API refuses, in its own words', () => {
  const cases = [
    [403, 'errors/access-denied-invalid-ip.json', "Brawl Stars API: the token does not allow access from this server's IP 132.145.0.9 (accessDenied.invalidIp). Add 132.145.0.9 to the key's allowed IP addresses at developer.brawlstars.com, or create a key for it."],
    [403, 'errors/access-denied.json', 'Brawl Stars API: the token was refused (accessDenied: Invalid authorization); check BRAWLSTARS_API_TOKEN.'],
    [503, 'errors/in-maintenance.json', "Brawl Stars API: in maintenance (inMaintenance); the game's API is down while Supercell updates it, try again later."],
  ] as const;
  it.each(cases)('HTTP %i with %s', async (status, body, message) => {
    const upstream = await startFakeUpstream(() => ({ status, body: fixture(body) }));
    const pack = await startPack(gameModule, { BRAWLSTARS_API_TOKEN: TOKEN, BRAWLSTARS_BASE_URL: `${upstream.url}/v1`, BRAWLIFY_BASE_URL: OFFLINE, UPSTREAM_TIMEOUT_MS: '30000' });
    try {
      const result = await pack.call('club', { tag: '#80GP0LRL0' });
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toBe(message);
      expect(result.content[0]!.text).not.toContain(TOKEN);
    } finally {
      await pack.close();
      await upstream.close();
    }
  });
});

describe('a refusal that echoes the token', () => {
  it('never shows the token, even when Supercell repeats it', async () => {
    const upstream = await startFakeUpstream(() => ({ status: 403, body: { reason: 'accessDenied', message: `Invalid authorization: ${TOKEN}` } }));
    const pack = await startPack(gameModule, { BRAWLSTARS_API_TOKEN: TOKEN, BRAWLSTARS_BASE_URL: `${upstream.url}/v1`, BRAWLIFY_BASE_URL: OFFLINE, UPSTREAM_TIMEOUT_MS: '30000' });
    try {
      const result = await pack.call('player', { tag: '#2PP' });
      expect(result.content[0]!.text).toMatch(/^Brawl Stars API: the token was refused \(accessDenied: Invalid authorization: .*\); check BRAWLSTARS_API_TOKEN\.$/);
      expect(result.content[0]!.text).not.toContain(TOKEN);
    } finally {
      await pack.close();
      await upstream.close();
    }
  });
});

describe('keyed tools without BRAWLSTARS_API_TOKEN', () => {
  it.each([
    ['player', { tag: '#GJRV99Q8' }],
    ['player_battlelog', { tag: '#GJRV99Q8' }],
    ['club', { tag: '#80GP0LRL0' }],
    ['club_members', { tag: '#80GP0LRL0' }],
    ['rankings', { kind: 'players' }],
  ])('%s says which variable to set', async (tool, args) => {
    const pack = await startPack(gameModule, { BRAWLIFY_BASE_URL: OFFLINE, UPSTREAM_TIMEOUT_MS: '30000' });
    try {
      const result = await pack.call(tool, args);
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toMatch(/^The Brawl Stars API is not configured: the operator must set BRAWLSTARS_API_TOKEN/);
    } finally {
      await pack.close();
    }
  });
});
