import { createToolIndex, type SearchableTool } from '../src/index.ts';
import { splitIdentifier } from '../src/split-identifier.ts';
import { parameterText } from '../src/searchable-tool.ts';

const tools: SearchableTool[] = [
  { pack: 'concert', tool: 'events', title: 'Concert events', description: 'Searches live concert events by date and location.', inputSchema: { type: 'object', properties: { location: { type: 'string', description: 'A city' } } } },
  { pack: 'concert', tool: 'artist', title: 'Artist profile', description: "An artist's profile and links." },
  { pack: 'sports', tool: 'league_table', title: 'League table', description: "A league's standings for a season.", inputSchema: { type: 'object', properties: { league_id: { type: 'string', description: 'League id' } } } },
  { pack: 'sports', tool: 'events_by_day', title: 'Fixtures by day', description: 'Every game or match on a day.' },
  { pack: 'db', tool: 'list_tables', title: 'List tables', description: 'Lists the tables of a database.' },
  { pack: 'chain', tool: 'native_balance', title: 'Native coin balance', description: "An address's balance of ETH.", inputSchema: { type: 'object', properties: { address: { type: 'string', description: 'Wallet owner, 0x hex' } } } },
];
const synonyms: Record<string, string[][]> = {
  concert: [['concert', 'gig', 'show']],
  sports: [['standings', 'league table', 'table']],
  chain: [['address', 'wallet']],
};
const index = createToolIndex(tools, { synonymsOf: (pack) => synonyms[pack], namesOf: (tool) => [`${tool.pack}_${tool.tool}`, tool.tool] });
const names = (query: string, limit = 3, accept?: (doc: number) => boolean) => index.search(query, limit, accept).map(({ doc }) => `${tools[doc]!.pack}_${tools[doc]!.tool}`);

describe('tool search', () => {
  it('finds a tool by words of its title and description, any inflection', () => {
    expect(names('concerts in Berlin')[0]).toBe('concert_events');
    expect(names('standing of the league')[0]).toBe('sports_league_table');
  });

  it("reads a word no tool has as its typo neighbours (one typo from 5 letters)", () => {
    expect(names('concrt tonight')[0]).toBe('concert_events');
    expect(names('balanse')[0]).toBe('chain_native_balance');
  });

  it("finds a pack's tools by its synonyms, and only that pack's", () => {
    expect(names('any gigs tonight')[0]).toBe('concert_events');
    // "table" is sports' word for standings; the database server's list_tables is found by its own word only.
    expect(names('standings')).toEqual(['sports_league_table']);
    expect(names('gig')).toEqual(['concert_events']);
  });

  it('ranks a tool holding more of the query above one holding one word of it often', () => {
    expect(names('wallet balance')[0]).toBe('chain_native_balance');
  });

  it('reads parameter names and descriptions, and the pack name', () => {
    expect(names('city')[0]).toBe('concert_events');
    expect(names('owner')[0]).toBe('chain_native_balance');
    expect(names('sports', 5).sort()).toEqual(['sports_events_by_day', 'sports_league_table']);
  });

  it("puts the tool first whose whole name the query is, at /mcp's name or its own", () => {
    expect(names('sports_events_by_day')[0]).toBe('sports_events_by_day');
    expect(names('events')[0]).toBe('concert_events');
  });

  it('searches only the tools accept lets through (a key limited to some packs), and never more than limit', () => {
    const sportsOnly = (doc: number) => tools[doc]!.pack === 'sports';
    expect(names('events', 5, sportsOnly)).toEqual(['sports_events_by_day']);
    expect(names('concert_events', 5, sportsOnly)).toEqual(['sports_events_by_day']);
    expect(index.search('a the events table balance concert', 2)).toHaveLength(2);
  });

  it('returns nothing for words no tool has, for stopwords only a query of them, and for limit 0', () => {
    expect(names('zzzz qqqq')).toEqual([]);
    expect(names('')).toEqual([]);
    expect(names('events', 0)).toEqual([]);
  });
});

describe('what a tool is indexed under', () => {
  it('splits names written in snake, kebab and camel case into words', () => {
    expect(splitIdentifier('events_by_day')).toBe('events by day');
    expect(splitIdentifier('get-sum')).toBe('get sum');
    expect(splitIdentifier('messageType')).toBe('message Type');
    expect(splitIdentifier('ERC20Balance')).toBe('ERC20 Balance');
  });

  it("reads a schema's parameters, nested ones too, bounded in depth, count and length (a fronted server is untrusted)", () => {
    expect(parameterText({ properties: { page_key: { description: 'next page' }, filter: { properties: { minLength: {} } } } })).toBe('page key next page filter min Length');
    let deep: Record<string, unknown> = { description: 'deepest' };
    for (let level = 0; level < 10; level += 1) deep = { properties: { [`level${level}`]: deep } };
    expect(parameterText(deep)).not.toContain('deepest');
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, at) => [`p${at}`, { description: 'x'.repeat(100) }]));
    expect(parameterText({ properties: many }).length).toBeLessThanOrEqual(4_000);
    expect(parameterText('not a schema')).toBe('');
  });

  it('indexes a huge description at a bounded cost, and a long query is cut, not refused', () => {
    const huge = createToolIndex([{ pack: 'x', tool: 'big', description: `${'word '.repeat(200_000)}needle` }]);
    expect(huge.search('needle', 1)).toEqual([]);
    expect(huge.search('word', 1)).toHaveLength(1);
    expect(index.search(`${'concert '.repeat(1_000)}`, 1)).toHaveLength(1);
  });
});
