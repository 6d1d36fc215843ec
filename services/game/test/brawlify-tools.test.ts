import { startFakeUpstream, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { gameModule } from '../src/index.ts';
import { brawlifyRoute } from './support/stand-ins.ts';

describe('keyless tools against the Brawlify stand-in (recorded answers)', () => {
  let upstream: FakeUpstream;
  let pack: PackHarness;
  beforeAll(async () => {
    upstream = await startFakeUpstream(brawlifyRoute);
    pack = await startPack(gameModule, { BRAWLIFY_BASE_URL: `${upstream.url}/v1`, UPSTREAM_TIMEOUT_MS: '30000' });
  });
  afterAll(async () => {
    await pack.close();
    await upstream.close();
  });
  beforeEach(() => upstream.requests.splice(0));

  it('brawlers: every brawler, filtered by name, from one cached request', async () => {
    const all = await pack.call('brawlers');
    expect(all.structuredContent.items.map((brawler: { name: string }) => brawler.name)).toEqual(['Trunk', 'Alli', 'Surge']);
    const some = await pack.call('brawlers', { name: 'sURG' });
    expect(some.structuredContent).toMatchObject({ count: 1, items: [{ id: 16000038, rarity: 'Legendary', class: 'Damage Dealer' }] });
    expect(upstream.requests.map((request) => request.path)).toEqual(['/v1/brawlers']);
  });

  it('brawler: one by id; an unknown id is "no such brawler", not an upstream failure', async () => {
    const surge = await pack.call('brawler', { id: 16000038 });
    expect(surge.structuredContent).toMatchObject({ id: 16000038, name: 'Surge', starPowers: [{ name: 'To The Max' }, { name: 'Serve Ice Cold' }] });
    const unknown = await pack.call('brawler', { id: 16000999 });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toBe('Brawlify knows no brawler with id 16000999');
    const invalid = await pack.call('brawler', { id: '16000038' });
    expect(invalid.content[0]!.text).toMatch(/^Input validation error: .*id: /);
  });

  it('maps: the current pool by default, by mode (id or name), everything with all; one by id with its best brawlers', async () => {
    const pool = await pack.call('maps');
    expect(pool.structuredContent.items.map((map: { name: string }) => map.name)).toEqual(['Shooting Star', 'Hard Rock Mine', 'Crystal Arcade']);
    const gemGrab = await pack.call('maps', { mode: 'Gem Grab' });
    expect(gemGrab.structuredContent.items.map((map: { mode: string }) => map.mode)).toEqual(['gemGrab', 'gemGrab']);
    expect((await pack.call('maps', { mode: 'gemgrab', all: true })).structuredContent.count).toBe(3);
    expect((await pack.call('maps', { all: true })).structuredContent.count).toBe(6);
    const one = await pack.call('maps', { id: 15000000 });
    expect(one.structuredContent.items[0]).toMatchObject({ name: 'Temple Ruins', mode: 'bounty', inRotationPool: false });
    expect(one.structuredContent.items[0].bestBrawlers).toHaveLength(5);
    expect(upstream.requests.map((request) => request.path)).toEqual(['/v1/maps', '/v1/maps/15000000']);
  });

  it('game_modes: official ids, optionally only the active ones', async () => {
    const modes = await pack.call('game_modes');
    expect(modes.structuredContent.items.map((mode: { id: string }) => mode.id)).toContain('gemGrab5V5');
    const active = await pack.call('game_modes', { active_only: true });
    expect(active.structuredContent.items.map((mode: { id: string }) => mode.id)).not.toContain('loneStar');
    expect(active.structuredContent.count).toBe(modes.structuredContent.count - 1);
  });

  it('lists every tool with an output schema and read-only annotations', async () => {
    const tools = (await pack.listTools()) as unknown as {
      name: string; inputSchema: { properties: Record<string, { type?: string; maxLength?: number }> }; outputSchema?: object; annotations?: { readOnlyHint?: boolean };
    }[];
    const input = (tool: string, field: string) => tools.find((entry) => entry.name === tool)!.inputSchema.properties[field];
    expect(tools.map((tool) => tool.name)).toEqual([
      'events_rotation', 'player', 'player_battlelog', 'club', 'club_members', 'rankings', 'brawlers', 'brawler', 'maps', 'game_modes',
    ]);
    for (const tool of tools) {
      expect(tool.outputSchema).toBeDefined();
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    expect([input('rankings', 'limit')!.type, input('rankings', 'brawler_id')!.type, input('brawler', 'id')!.type, input('maps', 'id')!.type]).toEqual([
      'integer', 'integer', 'integer', 'integer',
    ]);
    expect(input('player', 'tag')).toMatchObject({ type: 'string', maxLength: 20 });
  });
});
