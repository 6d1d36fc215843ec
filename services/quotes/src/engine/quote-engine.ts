import { buildTypoIndex } from '@toolgate/text-analysis';
import { createAttributionChecker, type Attribution } from '../attribution/check-attribution.ts';
import type { Corpus, Quote } from '../corpus/quote.ts';
import { slugify } from '../corpus/slug.ts';
import { buildInvertedIndex } from '../search/inverted-index.ts';
import { parseQuery, stemUnits, type QueryUnit } from '../search/parse-query.ts';
import { createRankedSearch } from '../search/ranked-search.ts';
import { createSearchEngine, type SearchEngine } from '../search/search-engine.ts';
import { authorDetail, type AuthorDetail } from './author-detail.ts';
import { docsForAuthors, docsForTags, docsInLengthRange, hasLengthRange, lengthTest, type LengthRange } from './filters.ts';
import { PoolCache } from './pool-cache.ts';
import { samplePositions, type RandomSource } from './sample.ts';
import { groupDocs, intersectSorted } from './sorted-sets.ts';
import { listAuthors, listTags, type AuthorSummary, type TagSummary } from './summaries.ts';

const POOL_CACHE_SIZE = 1_000;
/** Documents all cached pools may hold together, in corpus sizes (4 × 200k quotes: 3.2 MB). */
const POOL_CACHE_CORPORA = 4;

export interface RandomFilter extends LengthRange {
  tags?: string;
  author?: string;
}

export interface SearchResult {
  total: number;
  quotes: Quote[];
}

export interface QuoteEngine {
  size: number;
  /** Up to `limit` distinct quotes matching the filter, uniformly at random. */
  random(limit: number, filter?: RandomFilter): Quote[];
  /** A page of the quotes matching the query, most relevant first; only quotes within `range` count. */
  search(units: QueryUnit[], offset: number, limit: number, range?: LengthRange): SearchResult;
  parseQuery(query: string): QueryUnit[];
  tags(): TagSummary[];
  authors(): AuthorSummary[];
  /** The quote with this `_id` (exact, case-sensitive as Quotable's ids are). */
  quote(id: string): Quote | undefined;
  /** An author by slug; a name is slugified first. */
  author(slugOrName: string): AuthorDetail | undefined;
  /** Who the corpus says said `text`, checked against a claimed author (slug or name) when given. */
  checkAttribution(text: string, claimedAuthor?: string): Attribution;
}

export interface QuoteEngineOptions {
  random?: RandomSource;
  /**
   * `relevance` (the default): exact words, then other forms of the stem, then typos, then BM25F
   * (`ranked-search.ts`). `bm25`: BM25F over stems alone, as search ranked before issue 24, kept as
   * the baseline the benchmark and the relevance script measure against.
   */
  ranking?: 'relevance' | 'bm25';
}

/** The BM25-only engine searched stems: it gets the query's words stemmed. */
const stemmedBm25 = (engine: SearchEngine): SearchEngine => ({ search: (units, ...rest) => engine.search(stemUnits(units), ...rest) });

/** Builds every structure the tools read, once, at start: the search index and the filter lists. */
export function createQuoteEngine(corpus: Corpus, options: QuoteEngineOptions = {}): QuoteEngine {
  const random = options.random ?? Math.random;
  const { quotes } = corpus;
  const tagDocs = groupDocs(quotes.map((quote) => quote.tags));
  const authorDocs = groupDocs(quotes.map((quote) => [quote.author_slug]));
  const knownTags = new Set(corpus.tags.map((tag) => tag.slug));
  const lengths = Int32Array.from(quotes, (quote) => quote.length);

  // Ties in relevance break by id, so a result order never depends on file order or timing.
  const byId = Int32Array.from(quotes.keys()).sort((a, b) => (quotes[a]!.id < quotes[b]!.id ? -1 : 1));
  const tieRank = new Int32Array(quotes.length);
  byId.forEach((doc, rank) => (tieRank[doc] = rank));
  const index = buildInvertedIndex(quotes.map((quote) => [quote.content, quote.author, quote.tags.join(' ')]));
  const engine = options.ranking === 'bm25' ? stemmedBm25(createSearchEngine(index, tieRank)) : createRankedSearch(index, buildTypoIndex(index.words), tieRank);
  const checkAttribution = createAttributionChecker(index, quotes, tieRank);
  const tagSummaries = listTags(corpus, tagDocs);
  const authorSummaries = listAuthors(corpus, authorDocs);
  const tagNames = new Map(corpus.tags.map((tag) => [tag.slug, tag.name]));

  /** Binary search over the documents in id order: no second map of every id. */
  const docById = (id: string) => {
    let low = 0;
    let high = byId.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (quotes[byId[middle]!]!.id < id) low = middle + 1;
      else high = middle;
    }
    const doc = byId[low];
    return doc !== undefined && quotes[doc]!.id === id ? doc : undefined;
  };

  // The corpus never changes, so a filter's pool is computed once; clients repeat the same few
  // filters, and recomputing would allocate typed arrays on every call (GC pauses at p99).
  const pools = new PoolCache(POOL_CACHE_SIZE, Math.max(POOL_CACHE_CORPORA * quotes.length, 100_000));
  const poolFor = (filter: RandomFilter) => {
    // A template, not an array mapped and joined: this runs on every call.
    const key = `${filter.tags ?? '\u0000'}\u0001${filter.author ?? '\u0000'}\u0001${filter.min_length ?? '\u0000'}\u0001${filter.max_length ?? '\u0000'}`;
    // One lookup for a cached pool; `undefined` (no filter: the whole corpus) needs the second.
    const cached = pools.get(key);
    if (cached !== undefined || pools.has(key)) return cached;
    const byTags = filter.tags === undefined ? undefined : docsForTags(filter.tags, tagDocs, knownTags);
    const byAuthor = filter.author === undefined ? undefined : docsForAuthors(filter.author, authorDocs);
    const byFilters = byTags && byAuthor ? intersectSorted(byTags, byAuthor) : (byTags ?? byAuthor);
    const pool = hasLengthRange(filter) ? docsInLengthRange(byFilters, lengths, filter) : byFilters;
    pools.set(key, pool);
    return pool;
  };

  return {
    size: quotes.length,
    random(limit, filter = {}) {
      const pool = poolFor(filter);
      const size = pool ? pool.length : quotes.length;
      return samplePositions(size, limit, random).map((position) => quotes[pool ? pool[position]! : position]!);
    },
    search(units, offset, limit, range = {}) {
      const page = engine.search(units, offset, limit, hasLengthRange(range) ? lengthTest(lengths, range) : undefined);
      return { total: page.total, quotes: page.docs.map((doc) => quotes[doc]!) };
    },
    parseQuery,
    tags: () => tagSummaries,
    authors: () => authorSummaries,
    quote(id) {
      const doc = docById(id);
      return doc === undefined ? undefined : quotes[doc];
    },
    checkAttribution,
    author(slugOrName) {
      const slug = slugify(slugOrName);
      return slug ? authorDetail(corpus, slug, authorDocs.get(slug), tagNames) : undefined;
    },
  };
}
