import { definePack } from '@toolgate/core';
import { loadCorpus } from './corpus/load-corpus.ts';
import { quoteCompleters } from './completers.ts';
import { createQuoteEngine } from './engine/quote-engine.ts';
import { checkWhoSaidPrompt } from './prompts/check-who-said.ts';
import { quoteForOccasionPrompt } from './prompts/quote-for-occasion.ts';
import { authorResource } from './resources/author.ts';
import { quoteResource } from './resources/quote.ts';
import { tagsResource } from './resources/tags.ts';
import type { RandomSource } from './engine/sample.ts';
import { checkAttributionTool } from './tools/check-attribution.ts';
import { getAuthorTool } from './tools/get-author.ts';
import { getQuoteTool } from './tools/get-quote.ts';
import { listAuthorsTool } from './tools/list-authors.ts';
import { listTagsTool } from './tools/list-tags.ts';
import { randomQuoteTool } from './tools/random-quote.ts';
import { searchQuotesTool } from './tools/search-quotes.ts';
import { quotesSynonyms } from './synonyms.ts';

/** Builds the pack around a loaded engine: what tests and benchmarks use directly. */
export function createQuotesPack(engine: ReturnType<typeof createQuoteEngine>) {
  const completers = quoteCompleters(engine);
  return definePack({
    name: 'quotes',
    synonyms: quotesSynonyms,
    version: '0.1.0',
    instructions:
      'Quotations: random_quote (filter by tags from list_tags or author slugs from list_authors), search_quotes (words or "quoted phrases", ranked, paged), get_quote (by id), get_author (by slug) and check_attribution (who said a text, really). Resources: quotes://quote/{id}, quotes://author/{slug}, quotes://tags. Prompts: quote_for_occasion, check_who_said.',
    tools: [
      randomQuoteTool(engine),
      searchQuotesTool(engine),
      listTagsTool(engine),
      listAuthorsTool(engine),
      getQuoteTool(engine),
      getAuthorTool(engine),
      checkAttributionTool(engine),
    ],
    prompts: [quoteForOccasionPrompt(engine, completers), checkWhoSaidPrompt(engine, completers)],
    resources: [quoteResource(engine), authorResource(engine, completers), tagsResource(engine)],
  });
}

/** Loads the corpus from a directory and builds the pack; a bad file stops here with its name and row. */
export async function loadQuotesPack(directory: string, options: { random?: RandomSource } = {}) {
  const engine = createQuoteEngine(await loadCorpus(directory), options);
  return { engine, pack: createQuotesPack(engine) };
}
