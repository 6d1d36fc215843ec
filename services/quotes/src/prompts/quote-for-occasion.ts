import { definePrompt, userText } from '@toolgate/core';
import { z } from 'zod';
import type { quoteCompleters } from '../completers.ts';
import type { Quote } from '../corpus/quote.ts';
import type { QuoteEngine } from '../engine/quote-engine.ts';

/** How many candidates the prompt offers: enough to choose from, few enough to read. */
const CANDIDATES = 6;

const line = (quote: Quote) => `- [${quote.id}] "${quote.content}" (${quote.author}; tags: ${quote.tags.join(', ') || 'none'})`;

/**
 * A quote for an occasion (a toast, a retirement card, a talk's opening): the corpus is searched
 * for the occasion's words (and the tag, when given) and the best candidates are put in front of
 * the model to choose from, so the answer quotes the corpus exactly instead of from memory.
 */
export function quoteForOccasionPrompt(engine: QuoteEngine, completers: ReturnType<typeof quoteCompleters>) {
  return definePrompt({
    name: 'quote_for_occasion',
    title: 'A quote for an occasion',
    description: 'Finds quotations that fit an occasion (a wedding toast, a farewell card, a talk on courage) and asks for the best one, quoted exactly with its author.',
    arguments: z.object({
      occasion: z.string().trim().min(1).max(200).describe('The occasion, in a few words: "a colleague\'s retirement", "opening a talk on failure"'),
      tag: z.string().trim().max(60).optional().describe('A tag to draw from (e.g. "friendship"); completes from the corpus\'s tags'),
    }),
    complete: { tag: completers.tag },
    async handler({ occasion, tag }) {
      const found = engine.search(engine.parseQuery(occasion), 0, 50).quotes;
      const tagged = tag ? found.filter((quote) => quote.tags.includes(tag)) : found;
      const candidates = tagged.slice(0, CANDIDATES);
      // Too few words of the occasion in the corpus: fill up from the tag, at random.
      if (tag && candidates.length < CANDIDATES) {
        const more = engine.random(CANDIDATES, { tags: tag }).filter((quote) => !candidates.some((kept) => kept.id === quote.id));
        candidates.push(...more.slice(0, CANDIDATES - candidates.length));
      }
      const list = candidates.length > 0 ? candidates.map(line).join('\n') : '(the corpus has nothing for these words)';
      return {
        description: `Quotations for ${occasion}`,
        messages: [
          userText(
            `I need a quotation for ${occasion}${tag ? ` (on ${tag})` : ''}. Candidates from the quotes corpus:\n${list}\n\n` +
              'Pick the one that fits the occasion best, quote it exactly as written with its author, and say in one sentence why it fits. ' +
              'If none fits, look further with search_quotes (other words for the occasion) or random_quote (tags from list_tags) before answering; never quote from memory.',
          ),
        ],
      };
    },
  });
}
