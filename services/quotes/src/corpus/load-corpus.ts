import { join } from 'node:path';
import type { AuthorInfo, Corpus, Quote, TagInfo } from './quote.ts';
import { CorpusError, readRows } from './read-rows.ts';
import { authorRowSchema, quoteRowSchema, tagRowSchema, type AuthorRow, type QuoteRow, type TagRow } from './schemas.ts';
import { slugify } from './slug.ts';

/** Turns validated rows into the corpus, deriving `author_slug` and `length` as Quotable did. */
export function buildCorpus(quoteRows: QuoteRow[], authorRows: AuthorRow[] = [], tagRows: TagRow[] = [], source = 'quotes.json'): Corpus {
  // Names repeat across many quotes: slugify each distinct one once.
  const slugs = new Map<string, string>();
  const slugOf = (name: string) => {
    let slug = slugs.get(name);
    if (slug === undefined) slugs.set(name, (slug = slugify(name)));
    return slug;
  };
  const tags = new Map<string, TagInfo>();
  const addTag = (name: string) => {
    const slug = slugOf(name);
    if (slug && !tags.has(slug)) tags.set(slug, { name: name.trim(), slug });
    return slug;
  };
  for (const row of tagRows) addTag(row.name);

  const ids = new Set<string>();
  const quotes: Quote[] = quoteRows.map((row, index) => {
    if (ids.has(row._id)) throw new CorpusError(`${source}: row ${index + 1} (_id ${JSON.stringify(row._id)}) repeats an _id`);
    ids.add(row._id);
    const author_slug = slugOf(row.author);
    if (!author_slug) throw new CorpusError(`${source}: row ${index + 1} (_id ${JSON.stringify(row._id)}) has an author with no letters`);
    const quoteTags = [...new Set(row.tags.map(addTag).filter(Boolean))];
    return { id: row._id, content: row.content, author: row.author, author_slug, length: row.content.length, tags: quoteTags };
  });

  const authors = new Map<string, AuthorInfo>();
  for (const row of authorRows) {
    const slug = slugify(row.name);
    if (slug && !authors.has(slug)) {
      authors.set(slug, { name: row.name, slug, link: row.link?.trim() || null, bio: row.bio?.trim() || null, description: row.description?.trim() || null });
    }
  }
  return { quotes, tags: [...tags.values()], authors };
}

/** Loads Quotable-format files from a directory: `quotes.json` required, `authors.json` and `tags.json` optional. */
export async function loadCorpus(directory: string): Promise<Corpus> {
  const quoteRows = await readRows(directory, 'quotes.json', quoteRowSchema, { optional: false });
  const authorRows = await readRows(directory, 'authors.json', authorRowSchema, { optional: true });
  const tagRows = await readRows(directory, 'tags.json', tagRowSchema, { optional: true });
  return buildCorpus(quoteRows ?? [], authorRows, tagRows, join(directory, 'quotes.json'));
}
