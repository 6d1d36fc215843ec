import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Corpus } from '../corpus/quote.ts';
import { seededRandom } from '../engine/seeded-random.ts';

/** Draws items in proportion to how often they occur in `pool` (which holds repeats). */
const picker = (random: () => number) => <T>(pool: T[]) => pool[Math.floor(random() * pool.length)]!;

/**
 * A large Quotable-format corpus with the real corpus' statistics: words drawn by their real
 * frequency, quote lengths (in words), authors and tag sets as in the real quotes. Written to a
 * fresh temp directory (never the repository); returns that directory.
 */
export async function writeSyntheticCorpus(real: Corpus, count: number, seed = 1): Promise<string> {
  const pick = picker(seededRandom(seed));
  const words = real.quotes.flatMap((quote) => quote.content.split(/\s+/).filter(Boolean));
  const lengths = real.quotes.map((quote) => quote.content.split(/\s+/).length);
  const authors = real.quotes.map((quote) => quote.author);
  const tagNames = new Map(real.tags.map((tag) => [tag.slug, tag.name]));
  const tagSets = real.quotes.map((quote) => quote.tags.map((slug) => tagNames.get(slug) ?? slug));

  const rows = Array.from({ length: count }, (_, index) => {
    const length = pick(lengths);
    const content = Array.from({ length }, () => pick(words)).join(' ');
    return { _id: `syn${index.toString(36)}`, content, author: pick(authors), tags: pick(tagSets) };
  });
  const directory = await mkdtemp(join(tmpdir(), 'quotes-synthetic-'));
  await writeFile(join(directory, 'quotes.json'), JSON.stringify(rows));
  return directory;
}
