import { startPack, startRedis, type FakeUpstream, type PackHarness, type RunningRedis } from '@toolgate/upstream/testing';
import { sportsModule } from '../src/index.ts';
import { packEnv, startSportsDb } from './sportsdb-stand-in.ts';

const TOOLS = [
  'events_by_day', 'list_sports', 'list_leagues', 'search_teams', 'team', 'search_players', 'player', 'team_events_next', 'team_events_last', 'league_table',
  'event', 'event_timeline', 'event_stats', 'event_lineup',
];

let upstream: FakeUpstream;
const packs: PackHarness[] = [];
const start = async (extra: Record<string, string> = {}) => {
  const pack = await startPack(sportsModule, packEnv(upstream, '123', extra));
  packs.push(pack);
  return pack;
};
beforeEach(async () => {
  upstream = await startSportsDb(['123']);
});
afterEach(async () => {
  await Promise.all(packs.splice(0).map((pack) => pack.close()));
  await upstream.close();
});

describe('the sports pack as a whole', () => {
  it('lists its fourteen tools, each read-only with an output schema; ids are JSON Schema integers', async () => {
    const tools = (await (await start()).listTools()) as unknown as {
      name: string; annotations?: { readOnlyHint?: boolean }; outputSchema?: { type: string }; inputSchema: { properties: Record<string, { type?: string }> };
    }[];
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.outputSchema?.type).toBe('object');
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('team')!.inputSchema.properties.team_id!.type).toBe('integer');
    expect(byName.get('player')!.inputSchema.properties.player_id!.type).toBe('integer');
    expect(byName.get('event_lineup')!.inputSchema.properties.event_id!.type).toBe('integer');
    expect(byName.get('league_table')!.inputSchema.properties.league_id!.type).toBe('integer');
  });

  it('keeps every tool under one shared request budget', async () => {
    const pack = await start({ THESPORTSDB_REQUESTS_PER_MINUTE: '4' });
    expect((await pack.call('list_sports')).isError).toBeUndefined();
    expect((await pack.call('team', { team_id: 133604 })).isError).toBeUndefined();
    expect((await pack.call('league_table', { league_id: 4328 })).isError).toBeUndefined();
    expect((await pack.call('event_timeline', { event_id: 1032718 })).isError).toBeUndefined();
    for (const [tool, args] of [['event', { event_id: 441613 }], ['events_by_day', { date: '2026-10-04' }], ['team_events_next', { team_id: 133602 }]] as const) {
      const limited = await pack.call(tool, args);
      expect(limited.isError).toBe(true);
      expect(limited.content[0]!.text).toMatch(/^TheSportsDB: rate limited, retry in \d+ s \(toolgate keeps under the upstream's 4 requests\/minute\)/);
    }
    expect(upstream.requests).toHaveLength(4);
    // Answers already cached cost nothing from the budget.
    expect((await pack.call('list_sports')).structuredContent.count).toBe(2);
  });

  describe('with REDIS_URL', () => {
    let redis: RunningRedis;
    beforeAll(async () => {
      redis = await startRedis();
    }, 30_000);
    afterAll(async () => {
      await redis?.stop();
    });

    it('shares answers and the request budget between replicas', async () => {
      const [first, second] = [await start({ REDIS_URL: redis.url, THESPORTSDB_REQUESTS_PER_MINUTE: '2' }), await start({ REDIS_URL: redis.url, THESPORTSDB_REQUESTS_PER_MINUTE: '2' })];
      const table = await first.call('league_table', { league_id: 4328 });
      expect((await second.call('league_table', { league_id: 4328 })).structuredContent).toEqual(table.structuredContent);
      expect(upstream.requests).toHaveLength(1);
      expect((await first.call('list_sports')).isError).toBeUndefined();
      const limited = await second.call('team', { team_id: 133604 });
      expect(limited.content[0]!.text).toMatch(/^TheSportsDB: rate limited/);
      expect(upstream.requests).toHaveLength(2);
    });
  });
});
