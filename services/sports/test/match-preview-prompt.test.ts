import { startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { sportsModule } from '../src/index.ts';
import { packEnv, startSportsDb } from './sportsdb-stand-in.ts';

describe('the match_preview prompt', () => {
  let upstream: FakeUpstream;
  let pack: PackHarness;
  beforeAll(async () => {
    upstream = await startSportsDb(['123']);
    pack = await startPack(sportsModule, packEnv(upstream, '123'));
  });
  afterAll(async () => {
    await pack.close();
    await upstream.close();
  });

  it('is listed with its arguments', async () => {
    const { result } = await pack.request('prompts/list');
    expect(result.prompts).toEqual([
      expect.objectContaining({ name: 'match_preview', arguments: [expect.objectContaining({ name: 'team', required: true }), expect.objectContaining({ name: 'league', required: false })] }),
    ]);
  });

  it('names the calls of a preview in order, with the team and league it was given', async () => {
    const { result } = await pack.request('prompts/get', { name: 'match_preview', arguments: { team: 'Arsenal', league: 'English Premier League' } });
    const text = result.messages[0].content.text as string;
    expect(text).toMatch(/1\. search_teams with name "Arsenal" and league "English Premier League"/);
    expect(text.indexOf('team_events_next')).toBeLessThan(text.indexOf('team_events_last'));
    expect(text).toContain('league_table');
  });

  it('completes leagues from TheSportsDB’s league list (five rows on the free key)', async () => {
    const complete = async (value: string) => (await pack.request('completion/complete', { ref: { type: 'ref/prompt', name: 'match_preview' }, argument: { name: 'league', value } })).result.completion;
    expect((await complete('germ')).values).toEqual(['German Bundesliga']);
    expect((await complete('')).values).toHaveLength(5);
    expect(upstream.requests.filter((request) => request.path.endsWith('/all_leagues.php')).length).toBeGreaterThan(0);
  });

  it('completes to nothing, not an error, when TheSportsDB cannot answer', async () => {
    const down = await startPack(sportsModule, { ...packEnv(upstream, '123'), THESPORTSDB_BASE_URL: 'http://127.0.0.1:9/api/v1/json', UPSTREAM_TIMEOUT_MS: '500' });
    try {
      const answer = await down.request('completion/complete', { ref: { type: 'ref/prompt', name: 'match_preview' }, argument: { name: 'league', value: 'eng' } });
      expect(answer.result.completion).toEqual({ values: [], total: 0, hasMore: false });
    } finally {
      await down.close();
    }
  });
});
