import { startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { sportsModule } from '../src/index.ts';
import { mapPlayer, mapPlayerSummary } from '../src/upstream/map-player.ts';
import { playerEnvelope, playersEnvelope } from '../src/upstream/schemas.ts';
import { fixture, packEnv, startSportsDb } from './sportsdb-stand-in.ts';

const PREMIUM = 'paid-key-8842';
let upstream: FakeUpstream;
let pack: PackHarness;
const start = async (key = '123') => {
  pack = await startPack(sportsModule, packEnv(upstream, key));
};
beforeEach(async () => {
  upstream = await startSportsDb(['123', PREMIUM]);
});
afterEach(async () => {
  await pack?.close();
  await upstream.close();
});

const rows = <T>(value: T[] | string | null | undefined): T[] => (Array.isArray(value) ? value : []);

describe('mapping players (recorded answers)', () => {
  it('maps a searchplayers.php hit, ids to integers, dropping the upstream relevance score', () => {
    expect(rows(playerEnvelope.parse(fixture('searchplayers')).player).map(mapPlayerSummary)).toEqual([{
      id: 34145395, name: 'Danny Welbeck', team: 'Chelsea', team_id: 133610, sport: 'Soccer', nationality: 'England', born: '1990-11-26',
      status: 'Active', gender: 'Male', position: 'Centre-Forward',
      thumb_url: 'https://r2.thesportsdb.com/images/media/player/thumb/f5sgpu1772017716.jpg',
      cutout_url: 'https://r2.thesportsdb.com/images/media/player/cutout/mjo6g31787690678.png',
    }]);
  });

  it('maps a full lookupplayer.php record: "" and null to null, text measures kept, paragraphs split by \\n', () => {
    const [player] = rows(playersEnvelope.parse(fixture('lookupplayer')).players).map(mapPlayer);
    expect(player).toMatchObject({
      id: 34165469, name: 'Unai Emery', team: 'Arsenal', team_id: 133604, born: '1971-11-03', position: 'Manager', status: null,
      squad_number: null, height: '1.80 m (5 ft 11 in)', weight: null, birth_location: 'Hondarribia, Spain', side: null, signing: null,
      wage: null, website: null, cutout_url: null,
    });
    expect(player!.description).toMatch(/^Unai Emery Etxegoien .* club Arsenal\.\n\nAfter a modest playing career/s);
    expect(player!.description).not.toContain('\r');
  });

  it('reads a squad number written as a number or text, and an unknown birth date as null', () => {
    const base = { idPlayer: '1', strPlayer: 'Someone' };
    expect(mapPlayer(playersEnvelope.parse({ players: [{ ...base, strNumber: 9, dateBorn: '0000-00-00' }] }).players![0] as never)).toMatchObject({ squad_number: 9, born: null });
    expect(mapPlayer(playersEnvelope.parse({ players: [{ ...base, strNumber: '10', dateBorn: '' }] }).players![0] as never)).toMatchObject({ squad_number: 10, born: null });
  });
});

describe('search_players and player', () => {
  it("finds a player by name through searchplayers.php?p=; the free key's one-row answer says it may be cut", async () => {
    await start();
    const result = await pack.call('search_players', { name: 'Danny Welbeck' });
    expect(upstream.requests[0]!.path).toMatch(/\/searchplayers\.php$/);
    expect(upstream.requests[0]!.query.get('p')).toBe('Danny Welbeck');
    expect(result.structuredContent).toMatchObject({ count: 1, complete: false, items: [{ id: 34145395, name: 'Danny Welbeck', team_id: 133610 }] });
    expect(result.structuredContent.reason).toMatch(/free key returns at most 1 rows from searchplayers\.php.*premium key \(THESPORTSDB_API_KEY\) returns up to 10/);
  });

  it('on a premium key one hit is under the cap of 10: complete; no hit is an empty, complete list', async () => {
    await start(PREMIUM);
    expect((await pack.call('search_players', { name: 'danny welbeck' })).structuredContent).toMatchObject({ count: 1, complete: true, reason: null });
    expect((await pack.call('search_players', { name: 'Nobody Atall' })).structuredContent).toEqual({ count: 0, complete: true, reason: null, items: [] });
  });

  it('refuses a name that is too short or holds symbols, before any call', async () => {
    await start();
    expect((await pack.call('search_players', { name: 'x' })).content[0]!.text).toMatch(/name must have at least 2 characters/);
    expect((await pack.call('search_players', { name: 'a&b=c' })).content[0]!.text).toMatch(/name may hold letters, digits/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('looks a player up by id, cached a day; an unknown id is "no such player" naming search_players', async () => {
    await start();
    const player = await pack.call('player', { player_id: 34165469 });
    expect(upstream.requests[0]!.path).toMatch(/\/lookupplayer\.php$/);
    expect(upstream.requests[0]!.query.get('id')).toBe('34165469');
    expect(player.structuredContent).toMatchObject({ id: 34165469, name: 'Unai Emery', position: 'Manager', height: '1.80 m (5 ft 11 in)' });
    await pack.call('player', { player_id: 34165469 });
    expect(upstream.requests).toHaveLength(1);
    const missing = await pack.call('player', { player_id: 42 });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toBe('TheSportsDB has no player with id 42; search_players finds a player\'s id by name');
  });

  it('takes ids as integers only', async () => {
    await start();
    for (const player_id of ['34165469', 2.5, 0]) expect((await pack.call('player', { player_id })).isError).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });
});
