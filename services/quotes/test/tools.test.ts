import request from 'supertest';
import { CORPORA, createQuotesApp, toolCaller } from './helpers.ts';

describe.each(CORPORA)('the quotes pack over MCP, %s corpus', (_label, directory) => {
  let app: Awaited<ReturnType<typeof createQuotesApp>>['app'];
  let call: Awaited<ReturnType<typeof toolCaller>>['call'];
  beforeAll(async () => {
    ({ app } = await createQuotesApp(directory));
    ({ call } = await toolCaller(app));
  });

  it('lists its tools, read-only, with object output schemas and the limit bounds in the input schema', async () => {
    const listed = await request(app).post('/quotes/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = listed.body.result.tools;
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(['random_quote', 'search_quotes', 'list_tags', 'list_authors', 'get_quote', 'get_author', 'check_attribution']);
    for (const tool of tools) {
      expect(tool.outputSchema.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    }
    expect(tools[0].inputSchema.properties.limit).toMatchObject({ minimum: 1, maximum: 10 });
    expect(tools[1].inputSchema.properties.limit).toMatchObject({ minimum: 1, maximum: 100 });
    expect(tools[1].inputSchema.required).toEqual(['query']);
  });

  describe('random_quote', () => {
    it('returns one quote at the top level when limit is absent or 1', async () => {
      for (const args of [{}, { limit: 1 }]) {
        const { structuredContent } = await call('random_quote', args);
        expect(Object.keys(structuredContent).sort()).toEqual(['author', 'author_slug', 'content', 'id', 'length', 'tags']);
      }
    });

    it('returns {count, quotes} of distinct quotes when limit is 2 or more', async () => {
      const { structuredContent } = await call('random_quote', { limit: 10 });
      expect(structuredContent.count).toBe(10);
      expect(new Set(structuredContent.quotes.map((quote: { id: string }) => quote.id)).size).toBe(10);
    });

    it('keeps the list shape when fewer quotes match than asked for', async () => {
      const { structuredContent: one } = await call('random_quote', { limit: 1, tags: 'wisdom' });
      const { structuredContent } = await call('random_quote', { limit: 5, author: one.author_slug, tags: one.tags.join(',') });
      expect(structuredContent.count).toBeGreaterThanOrEqual(1);
      expect(structuredContent.quotes).toHaveLength(structuredContent.count);
      for (const quote of structuredContent.quotes) expect(quote.author_slug).toBe(one.author_slug);
    });

    it('filters by tags in any letter case or spacing', async () => {
      const { structuredContent } = await call('random_quote', { limit: 10, tags: ' WISDOM | Famous Quotes ' });
      for (const quote of structuredContent.quotes) expect(quote.tags.some((tag: string) => tag === 'wisdom' || tag === 'famous-quotes')).toBe(true);
    });

    it('answers no match with isError in the single shape and an empty list in the list shape', async () => {
      const single = await call('random_quote', { author: 'no-such-author' });
      expect(single.isError).toBe(true);
      expect(single.content[0].text).toMatch(/No quote matches author "no-such-author".*list_authors/);
      const list = await call('random_quote', { limit: 3, author: 'no-such-author' });
      expect(list.structuredContent).toEqual({ count: 0, quotes: [] });
    });

    it.each([
      [{ limit: 0 }, /limit must be at least 1/],
      [{ limit: 11 }, /limit must be at most 10/],
      [{ limit: 2.5 }, /limit must be a whole number/],
      [{ limit: '3' }, /limit: .*expected number/],
      [{ tags: 'wisdom,dragons' }, /Unknown tag "dragons".*list_tags/],
    ])('rejects %j with a message naming the problem', async (args, message) => {
      const result = await call('random_quote', args);
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(message);
    });
  });

  describe('search_quotes', () => {
    it.each([
      [undefined, 25],
      [1, 10],
      [10, 10],
      [11, 25],
      [26, 50],
      [51, 100],
      [100, 100],
    ])('rounds limit %s up to a page of %i', async (limit, size) => {
      const { structuredContent } = await call('search_quotes', { query: 'the', ...(limit === undefined ? {} : { limit }) });
      expect(structuredContent.total).toBeGreaterThan(size);
      expect(structuredContent.count).toBe(size);
      expect(structuredContent.total_pages).toBe(Math.ceil(structuredContent.total / size));
    });

    it('pages through every match exactly once', async () => {
      const first = (await call('search_quotes', { query: 'life', limit: 10 })).structuredContent;
      const ids: string[] = [];
      for (let page = 1; page <= first.total_pages; page += 1) {
        const { structuredContent } = await call('search_quotes', { query: 'life', limit: 10, page });
        expect(structuredContent.page).toBe(page);
        ids.push(...structuredContent.quotes.map((quote: { id: string }) => quote.id));
      }
      expect(ids).toHaveLength(first.total);
      expect(new Set(ids).size).toBe(first.total);
      const beyond = (await call('search_quotes', { query: 'life', limit: 10, page: first.total_pages + 1 })).structuredContent;
      expect(beyond).toEqual({ total: first.total, count: 0, page: first.total_pages + 1, total_pages: first.total_pages, quotes: [] });
    });

    it('answers a query that matches nothing with zero totals', async () => {
      const { structuredContent } = await call('search_quotes', { query: 'qwxzvbnm' });
      expect(structuredContent).toEqual({ total: 0, count: 0, page: 1, total_pages: 0, quotes: [] });
    });

    it.each([
      [{}, /query: /],
      [{ query: '' }, /query must not be empty/],
      [{ query: '   ' }, /query must not be empty/],
      [{ query: '?!' }, /no letters or digits/],
      [{ query: 'love', limit: 0 }, /limit must be at least 1/],
      [{ query: 'love', limit: 101 }, /limit must be at most 100/],
      [{ query: 'love', limit: 2.5 }, /limit must be a whole number/],
      [{ query: 'love', page: 0 }, /page must be at least 1/],
    ])('rejects %j with a message naming the problem', async (args, message) => {
      const result = await call('search_quotes', args);
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(message);
    });
  });

  it('list_tags lists every tag with slug and count, most quotes first', async () => {
    const { structuredContent } = await call('list_tags', {});
    expect(structuredContent.count).toBe(structuredContent.tags.length);
    const counts = structuredContent.tags.map((tag: { quote_count: number }) => tag.quote_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(structuredContent.tags).toContainEqual(expect.objectContaining({ name: 'Famous Quotes', slug: 'famous-quotes' }));
  });

  it('list_authors pages the authors, filters by name and gives slugs that filter random_quote', async () => {
    const { structuredContent } = await call('list_authors', { limit: 5 });
    expect(structuredContent.count).toBe(5);
    const top = structuredContent.authors[0];
    const byAuthor = await call('random_quote', { limit: 10, author: top.slug });
    expect(byAuthor.structuredContent.count).toBe(Math.min(10, top.quote_count));
    const found = (await call('list_authors', { name: top.name.toUpperCase() })).structuredContent;
    expect(found.authors.map((author: { slug: string }) => author.slug)).toContain(top.slug);
    const byName = (await call('list_authors', { sort_by: 'name', limit: 100 })).structuredContent.authors.map((author: { name: string }) => author.name);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => a.localeCompare(b, 'en')));
  });
});
