import { holding, type ToolCase } from './tool-case.ts';

const PLAYER = '#GJRV99Q8';
const CLUB = '#80GP0LRL0';

/** Every game tool: keyed ones against the official API stand-in, keyless ones against Brawlify's. */
export const GAME: ToolCase[] = [
  { pack: 'game', tool: 'events_rotation', arguments: {}, expected: { items: holding({ id: 15000642, mode: 'gemGrab5V5', map: 'Snowman forest' }) } },
  { pack: 'game', tool: 'player', arguments: { tag: PLAYER }, expected: { tag: PLAYER, trophies: 123664, club: { tag: CLUB } } },
  { pack: 'game', tool: 'player_battlelog', arguments: { tag: PLAYER }, expected: { count: 4 } },
  { pack: 'game', tool: 'club', arguments: { tag: CLUB }, expected: { name: 'Top ladder🍋', type: 'inviteOnly', memberCount: 5 } },
  { pack: 'game', tool: 'club_members', arguments: { tag: CLUB }, expected: { items: holding({ role: 'president' }) } },
  { pack: 'game', tool: 'rankings', arguments: { kind: 'clubs' }, expected: { kind: 'clubs', items: holding({ rank: 1, tag: CLUB, trophies: 3223816 }) } },
  { pack: 'game', tool: 'brawlers', arguments: { name: 'surge' }, expected: { count: 1, items: [expect.objectContaining({ id: 16000038, rarity: 'Legendary' })] } },
  { pack: 'game', tool: 'brawler', arguments: { id: 16000038 }, expected: { id: 16000038, name: 'Surge' } },
  { pack: 'game', tool: 'maps', arguments: { id: 15000000 }, expected: { items: [expect.objectContaining({ name: 'Temple Ruins', mode: 'bounty' })] } },
  { pack: 'game', tool: 'game_modes', arguments: {}, expected: { items: holding({ id: 'gemGrab5V5' }) } },
];
