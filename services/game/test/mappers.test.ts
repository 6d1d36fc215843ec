import { brawlifyBrawlerSchema, brawlifyBrawlersSchema, brawlifyGameModesSchema, brawlifyMapSchema, brawlifyMapsSchema } from '../src/upstream/brawlify-schemas.ts';
import { mapBattlelog } from '../src/upstream/map-battlelog.ts';
import { mapBrawler, mapGameModes, mapMap } from '../src/upstream/map-brawlify.ts';
import { mapClub, mapClubMembers } from '../src/upstream/map-club.ts';
import { mapPlayer } from '../src/upstream/map-player.ts';
import { mapClubRankings, mapPlayerRankings } from '../src/upstream/map-rankings.ts';
import { MAX_ROTATION_TTL_MS, mapOfficialRotation, rotationTtlMs } from '../src/upstream/map-rotation.ts';
import {
  battlelogSchema, clubMembersSchema, clubRankingsSchema, clubSchema, officialRotationSchema, playerRankingsSchema, playerSchema,
} from '../src/upstream/official-schemas.ts';
import { toIsoTime } from '../src/upstream/time.ts';
import { fixture } from './support/fixtures.ts';

describe('official API mappers (recorded answers)', () => {
  it("converts Supercell's compact times and keeps the rotation's modifiers", () => {
    expect(toIsoTime('20250814T080000.000Z')).toBe('2025-08-14T08:00:00.000Z');
    expect(toIsoTime('20261399T080000.000Z')).toBeUndefined();
    const rotation = mapOfficialRotation(officialRotationSchema.parse(fixture('official/events-rotation.json')));
    expect(rotation[6]).toEqual({
      id: 15000123, mode: 'soloShowdown', map: 'Flying Fantasies', startTime: '2025-08-14T08:00:00.000Z', endTime: '2025-08-15T08:00:00.000Z', modifiers: ['showdown+'],
    });
    expect(rotation[0]!.modifiers).toEqual([]);
  });

  it('keeps the rotation until the earliest end, capped and floored', () => {
    const now = Date.parse('2025-08-15T07:58:00.000Z');
    expect(rotationTtlMs(['20250816T020000.000Z', '20250815T080000.000Z'], now)).toBe(120_000);
    expect(rotationTtlMs(['20250816T020000.000Z'], now)).toBe(MAX_ROTATION_TTL_MS);
    expect(rotationTtlMs(['20250814T080000.000Z'], now)).toBe(5_000);
  });

  it('maps a player, strongest brawlers first', () => {
    const player = mapPlayer(playerSchema.parse(fixture('official/player.json')));
    expect(player).toMatchObject({
      tag: '#GJRV99Q8', name: '!3nzo_59🍋', iconId: 28000205, trophies: 123664, highestTrophies: 148000, expLevel: 415,
      victories: { threeVsThree: 68818, solo: 2750, duo: 7399 }, club: { tag: '#80GP0LRL0', name: 'Top ladder🍋' }, brawlerCount: 3,
    });
    expect(player.brawlers.map((brawler) => brawler.name)).toEqual(['COLT', 'BULL', 'SHELLY']);
    expect(player.brawlers[2]!.gears[0]).toEqual({ id: 62000002, name: 'DAMAGE', level: 3 });
    const clubless = mapPlayer(playerSchema.parse({ ...fixture('official/player.json'), club: {} }));
    expect(clubless.club).toBeNull();
  });

  it('maps a battle log: friendly -1 as null, solo players as teams of one, an event-less battle by its own mode', () => {
    const [ranked, friendly, solo, duo] = mapBattlelog(battlelogSchema.parse(fixture('official/battlelog.json')));
    expect(ranked).toMatchObject({ time: '2025-08-15T02:14:10.000Z', mode: 'brawlBall', map: 'Pinhole Punt', eventId: 15000026, result: 'victory', trophyChange: 6 });
    expect(ranked!.teams.map((team) => team.length)).toEqual([3, 3]);
    expect(friendly!.starPlayer!.brawler).toEqual({ id: 16000010, name: 'EL PRIMO', power: null, trophies: null });
    expect(solo).toMatchObject({ mode: 'soloShowdown', rank: 1, result: null, trophyChange: 10 });
    expect(solo!.teams).toHaveLength(3);
    expect(solo!.teams[0]).toEqual([{ tag: '#9V8LCUC0G', name: 'sukara', brawler: { id: 16000085, name: 'KENJI', power: 1, trophies: 19 } }]);
    expect(duo).toMatchObject({ mode: 'duoShowdown', map: null, eventId: null, rank: 1, starPlayer: null });
  });

  it('maps a club and its members', () => {
    const club = mapClub(clubSchema.parse(fixture('official/club.json')));
    expect(club).toMatchObject({ tag: '#80GP0LRL0', description: 'Tiktok: 3nzo_59', type: 'inviteOnly', requiredTrophies: 90000, memberCount: 5 });
    expect(club.members[0]).toEqual({ tag: '#GJRV99Q8', name: '!3nzo_59🍋', role: 'president', trophies: 123561, nameColor: '0xffff9727', iconId: 28000205 });
    expect(mapClubMembers(clubMembersSchema.parse(fixture('official/club-members.json')))).toEqual(club.members);
  });

  it('maps rankings; a player without a club has club null', () => {
    const players = mapPlayerRankings(playerRankingsSchema.parse(fixture('official/rankings-players.json')));
    expect(players[0]).toEqual({ rank: 1, tag: '#2GRVVCYUQG', name: 'SUPER⭐️STAR', trophies: 1, club: '<c7>TOP ONE</c>', memberCount: null });
    expect(players[10]!.club).toBeNull();
    expect(mapClubRankings(clubRankingsSchema.parse(fixture('official/rankings-clubs.json')))[1]).toEqual({
      rank: 2, tag: '#80R8CCC02', name: '5v5 Talents', trophies: 3070306, club: null, memberCount: 30,
    });
  });
});

describe('Brawlify mappers (recorded answers)', () => {
  it('maps a brawler; an unclassified one has class null', () => {
    const surge = mapBrawler(brawlifyBrawlerSchema.parse(fixture('brawlify/brawler-16000038.json')));
    expect(surge).toMatchObject({ id: 16000038, name: 'Surge', rarity: 'Legendary', class: 'Damage Dealer' });
    expect(surge.gadgets[1]).toEqual({
      id: 23000485, name: 'Power Shield',
      description: 'Within the next x seconds, Surge consumes x% of the damage of the next incoming hit and uses the energy to reload x ammo.',
    });
    const [trunk] = brawlifyBrawlersSchema.parse(fixture('brawlify/brawlers.json')).list.map(mapBrawler);
    expect(trunk).toMatchObject({ name: 'Trunk', class: null, rarity: 'Epic' });
  });

  it('maps maps with official mode ids; one map by id with its best brawlers by win rate', () => {
    const maps = brawlifyMapsSchema.parse(fixture('brawlify/maps.json')).list.map((map) => mapMap(map));
    expect(maps.map((map) => [map.name, map.mode, map.inRotationPool])).toContainEqual(['Hard Rock Mine', 'gemGrab', true]);
    expect(maps[0]).toEqual({
      id: 15000000, name: 'Temple Ruins', mode: 'bounty', modeName: 'Bounty', inRotationPool: false, environment: 'Default',
      imageUrl: 'https://cdn.brawlify.com/maps/regular/15000000.png', link: 'https://brawlify.com/maps/detail/Temple-Ruins',
    });
    const one = mapMap(brawlifyMapSchema.parse(fixture('brawlify/map-15000000.json')), true);
    expect(one.bestBrawlers![0]).toEqual({ brawlerId: 16000024, winRate: 52.1, useRate: 0.4 });
    expect(one.bestBrawlers!.map((stat) => stat.winRate)).toEqual([52.1, 51.2, 50.5, 49.6, 48.8]);
  });

  it('maps game modes to official ids, 5v5 included', () => {
    const modes = mapGameModes(brawlifyGameModesSchema.parse(fixture('brawlify/gamemodes.json')));
    expect(modes.map((mode) => mode.id)).toEqual(['gemGrab', 'soloShowdown', 'spiritWars', 'loneStar', 'trophyThieves', 'gemGrab5V5', 'knockout5V5', 'trioShowdown', 'dodgebrawl']);
    expect(modes.find((mode) => mode.id === 'loneStar')!.active).toBe(false);
    expect(modes[0]).toMatchObject({ name: 'Gem Grab', scId: 48000000, title: '3 vs 3', shortDescription: 'Grab 10 gems to win' });
  });
});
