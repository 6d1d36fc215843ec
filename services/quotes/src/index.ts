export { QUOTABLE_DATA_DIR, quotesPackModule, STARTER_DATA_DIR } from './pack.ts';
export { loadQuotesPack, createQuotesPack } from './quotes-pack.ts';
export { createQuoteEngine } from './engine/quote-engine.ts';
export type { QuoteEngine } from './engine/quote-engine.ts';
export { loadCorpus, buildCorpus } from './corpus/load-corpus.ts';
export { CorpusError } from './corpus/read-rows.ts';
export type { Corpus, Quote } from './corpus/quote.ts';
