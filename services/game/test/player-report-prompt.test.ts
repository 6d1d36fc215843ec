import { startFakeUpstream, startPack, type FakeUpstream, type PackHarness } from '@toolgate/upstream/testing';
import { gameModule } from '../src/index.ts';
import { brawlifyRoute } from './support/stand-ins.ts';

describe('the player_report prompt', () => {
  let upstream: FakeUpstream;
  let keyless: PackHarness;
  let keyed: PackHarness;
  beforeAll(async () => {
    upstream = await startFakeUpstream(brawlifyRoute);
    const env = { BRAWLIFY_BASE_URL: `${upstream.url}/v1`, UPSTREAM_TIMEOUT_MS: '1000' };
    keyless = await startPack(gameModule, env);
    keyed = await startPack(gameModule, { ...env, BRAWLSTARS_API_TOKEN: 'token-for-tests', BRAWLSTARS_BASE_URL: `${upstream.url}/v1` });
  });
  afterAll(async () => {
    await keyless.close();
    await keyed.close();
    await upstream.close();
  });

  it('names the calls of a report, with the tag as the tools take it and the brawler section when asked', async () => {
    const { result } = await keyed.request('prompts/get', { name: 'player_report', arguments: { player_tag: '2pp', brawler: 'Surge' } });
    const text = result.messages[0].content.text as string;
    expect(text).toMatch(/player with tag "2PP"/);
    expect(text).toMatch(/player_battlelog with tag "2PP"/);
    expect(text).toMatch(/brawlers with name "Surge"/);
  });

  it('says what cannot be read without BRAWLSTARS_API_TOKEN instead of sending the model to tools that fail', async () => {
    const { result } = await keyless.request('prompts/get', { name: 'player_report', arguments: { player_tag: '#2PP' } });
    const text = result.messages[0].content.text as string;
    expect(text).toContain('no BRAWLSTARS_API_TOKEN');
    expect(text).not.toMatch(/player_battlelog with tag/);
  });

  it('refuses a tag that is not one, as the tools do', async () => {
    const answer = await keyed.request('prompts/get', { name: 'player_report', arguments: { player_tag: 'not a tag!' } });
    expect(answer.error).toMatchObject({ code: -32602, message: expect.stringContaining('player_tag') });
  });

  it('completes brawler names from Brawlify’s list', async () => {
    const complete = async (value: string) => (await keyless.request('completion/complete', { ref: { type: 'ref/prompt', name: 'player_report' }, argument: { name: 'brawler', value } })).result.completion;
    expect((await complete('su')).values).toEqual(['Surge']);
    expect((await complete('')).values).toEqual(['Trunk', 'Alli', 'Surge']);
  });
});
