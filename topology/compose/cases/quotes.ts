import { readFileSync } from 'node:fs';
import { repoRoot } from '../../src/index.ts';
import { holding, type ToolCase } from './tool-case.ts';

// The starter corpus the image ships (no QUOTES_DATA_DIR mounted), read from the repository.
const starter = JSON.parse(readFileSync(`${repoRoot}services/quotes/data/starter/quotes.json`, 'utf8')) as { _id: string; content: string; author: string; tags: string[] }[];
const first = starter[0]!;
const byAuthor = starter.filter((quote) => quote.author === first.author).length;
const quotes = (tool: string, args: Record<string, unknown>, expected: Record<string, unknown>): ToolCase => ({ pack: 'quotes', tool, arguments: args, expected });

/** Every quotes tool against the starter corpus. */
export const QUOTES: ToolCase[] = [
  quotes('random_quote', { limit: 2 }, { count: 2 }),
  quotes('search_quotes', { query: first.content }, { page: 1, quotes: holding({ id: first._id }) }),
  quotes('list_tags', {}, { tags: holding({ name: first.tags[0] }) }),
  quotes('list_authors', { limit: 5 }, { count: 5 }),
  quotes('get_quote', { id: first._id }, { id: first._id, content: first.content, author: first.author }),
  quotes('get_author', { slug: first.author }, { name: first.author, quote_count: byAuthor }),
  quotes('check_attribution', { text: first.content, author: first.author }, { verdict: 'verified', match: expect.objectContaining({ quote: expect.objectContaining({ id: first._id }) }) }),
];
