import { analyse } from '@toolgate/text-analysis';
import type { Corpus, Quote } from '../corpus/quote.ts';
import { wordSimilarity } from '../attribution/word-alignment.ts';
import { seededRandom } from '../engine/seeded-random.ts';

export interface AttributionInput {
  text: string;
  author?: string;
}

/**
 * What users paste, drawn (seeded) from the corpus: a quote as is with its author, with no
 * author, one word dropped under another author's name, two words replaced, its first eight
 * words; and texts the corpus does not hold.
 */
export function attributionInputs(quotes: Quote[], count: number, seed = 7): AttributionInput[] {
  const random = seededRandom(seed);
  const pick = () => quotes[Math.floor(random() * quotes.length)]!;
  const words = (quote: Quote) => quote.content.split(/\s+/);
  const variants: ((quote: Quote) => AttributionInput)[] = [
    (quote) => ({ text: quote.content, author: quote.author }),
    (quote) => ({ text: quote.content.toUpperCase().replace(/[.,;!?]/g, '') }),
    (quote) => ({ text: words(quote).filter((_, at) => at !== 2).join(' '), author: pick().author }),
    (quote) => ({ text: words(quote).map((word, at) => (at === 1 || at === 4 ? 'something' : word)).join(' '), author: quote.author }),
    (quote) => ({ text: words(quote).slice(0, 8).join(' ') }),
    () => ({ text: 'The quick brown fox jumps over the lazy dog while nobody is watching', author: 'Anonymous' }),
  ];
  return Array.from({ length: count }, (_, i) => variants[i % variants.length]!(pick()));
}

/** The baseline without an index: every quote's analysed words against the text's, best similarity wins. */
export function linearAttribution(corpus: Corpus): (input: AttributionInput) => Quote | undefined {
  const analysed = corpus.quotes.map((quote) => analyse(quote.content));
  return ({ text }) => {
    const words = analyse(text);
    let best = -1;
    let found: Quote | undefined;
    analysed.forEach((quoteWords, doc) => {
      const similarity = wordSimilarity(words, quoteWords);
      if (similarity > best) [best, found] = [similarity, corpus.quotes[doc]];
    });
    return found;
  };
}
