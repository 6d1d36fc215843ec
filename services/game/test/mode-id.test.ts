import { brawlifyEventsSchema } from '../src/upstream/brawlify-schemas.ts';
import { mapBrawlifyEvents, mapOfficialRotation } from '../src/upstream/map-rotation.ts';
import { camelModeId, officialModeId } from '../src/upstream/mode-id.ts';
import { officialRotationSchema } from '../src/upstream/official-schemas.ts';
import { fixture } from './support/fixtures.ts';

// Every (hash, scHash) pair of Brawlify's recorded /v1/gamemodes answer (y9vad9/krawl, see SOURCES.md).
const RECORDED_MODES: [string, string][] = [
  ['Gem-Grab', 'gemGrab'], ['Heist', 'heist'], ['Bounty', 'bounty'], ['Brawl-Ball', 'brawlBall'], ['Solo-Showdown', 'soloShowdown'],
  ['Big-Game', 'bigGame'], ['Robo-Rumble', 'roboRumble'], ['Duo-Showdown', 'duoShowdown'], ['Boss-Fight', 'bossFight'],
  ['Spirit-Wars', 'spiritWars'], ['Takedown', 'takedown'], ['Lone-Star', 'loneStar'], ['Trophy-Thieves', 'trophyThieves'],
  ['Hot-Zone', 'hotZone'], ['Super-City-Rampage', 'superCityRampage'], ['Knockout', 'knockout'], ['Carry-The-Gift', 'carryTheGift'],
  ['Basket-Brawl', 'basketBrawl'], ['Volley-Brawl', 'volleyBrawl'], ['Duels', 'duels'], ['Wipeout', 'wipeout'], ['Payload', 'payload'],
  ['Bot-Drop', 'botDrop'], ['Hunters', 'hunters'], ['Last-Stand', 'lastStand'], ['Wipeout-5v5', 'wipeout5v5'],
  ['Brawl-Ball-5v5', 'brawlBall5v5'], ['Gem-Grab-5v5', 'gemGrab5v5'], ['Trophy-Escape', 'trophyEscape'], ['Knockout-5v5', 'knockout5v5'],
  ['Godzilla-City-Smash', 'godzillaCitySmash'], ['Paint-Brawl', 'paintBrawl'], ['Trio-Showdown', 'trioShowdown'], ['Drum-Roll', 'drumRoll'],
  ['Soul-Collector', 'soulCollector'], ['Cleaning-Duty', 'cleaningDuty'], ['Solo-Showdown-Limbo', 'soloShowdownLimbo'],
  ['Knockout-Limbo', 'knockoutLimbo'], ['Brawl-Hockey', 'brawlHockey'], ['Gem-Grab-2v2', 'gemGrab2v2'], ['Special-Delivery', 'specialDelivery'],
  ['Brawl-Arena', 'brawlArena'], ['Brawl-Ball-2v2', 'brawlBall2v2'], ['Knockout-2v2', 'knockout2v2'], ['Hot-Zone-2v2', 'hotZone2v2'],
  ['Basket-Brawl-2v2', 'basketBrawl2v2'], ['Brawl-Hockey-2v2', 'brawlHockey2v2'], ['Special-Delivery-2v2', 'specialDelivery2v2'],
  ['Token-Run', 'tokenRun'], ['Treasure-Hunt', 'treasureHunt'], ['Vip-Hunt', 'vipHunt'], ['Samurai-Smash', 'samuraiSmash'],
  ['Oni-Hunt', 'oniHunt'], ['Dodgebrawl', 'dodgebrawl'],
];

describe('official mode ids from Brawlify data', () => {
  it("gives Brawlify's own scHash for every recorded mode, except the NvN spelling the official API uses", () => {
    for (const [hash, scHash] of RECORDED_MODES) {
      expect([hash, officialModeId({ hash })]).toEqual([hash, scHash.replace(/(\d)v(\d)$/, '$1V$2')]);
    }
    expect(officialModeId({ hash: 'Gem-Grab-5v5' })).toBe('gemGrab5V5');
  });

  it('falls back to the display name, and to undefined when Brawlify sends neither', () => {
    expect(officialModeId({ name: 'Gem Grab 5v5' })).toBe('gemGrab5V5');
    expect(officialModeId({ name: ' Hot  Zone ' })).toBe('hotZone');
    expect(officialModeId({ id: 2 })).toBeUndefined();
    expect(officialModeId(null)).toBeUndefined();
    expect(camelModeId('Hold-The-Trophy')).toBe('holdTheTrophy');
  });

  it('gives the same mode from both sources for the events they share (recordings of the same week, August 2025)', () => {
    const official = mapOfficialRotation(officialRotationSchema.parse(fixture('official/events-rotation.json')));
    const brawlify = mapBrawlifyEvents(brawlifyEventsSchema.parse(fixture('brawlify/events.json')));
    const shared = brawlify.filter((event) => official.some((other) => other.id === event.id));
    expect(shared.map((event) => event.id)).toEqual([15001036, 15001030, 15001068]);
    for (const event of shared) expect(event.mode).toBe(official.find((other) => other.id === event.id)!.mode);
    // The week's Gem Grab 5v5 events: the official API calls the mode gemGrab5V5, and so does the pack from Brawlify's data.
    expect(official.filter((event) => event.map === 'Treasure Island' || event.map === 'Snowman forest').map((event) => event.mode)).toEqual(['gemGrab5V5', 'gemGrab5V5']);
    expect(brawlify.find((event) => event.map === 'Arctic Extraction')!.mode).toBe('gemGrab5V5');
    // Never the display name the pack used to fall back to.
    expect(brawlify.map((event) => event.mode)).not.toContain('Gem Grab 5v5');
  });
});
