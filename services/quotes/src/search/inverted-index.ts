import { stem, tokenize } from '@toolgate/text-analysis';
import { fieldFactor, saturate } from './bm25f.ts';

/** The fields a quote is indexed under, in this order everywhere. */
export const FIELD_COUNT = 3;
export type FieldTexts = [content: string, author: string, tags: string];

/**
 * A compact inverted index in compressed-sparse-row form: the postings of term `t` are
 * `postingDocs[termStart[t] .. termStart[t+1])`, ascending by document, each with its BM25F
 * term weight already saturated (`postingWeight`), so scoring a word is one multiply by its idf.
 * Each document's token ids are kept too (`tokens`), so a quoted phrase is verified against word
 * order without a position list per posting.
 */
export interface InvertedIndex {
  documentCount: number;
  termIds: Map<string, number>;
  termStart: Uint32Array;
  postingDocs: Int32Array;
  postingWeight: Float32Array;
  /** Start of document `d`'s field `f` tokens in `tokens`: `fieldStart[d * FIELD_COUNT + f]`. */
  fieldStart: Uint32Array;
  tokens: Int32Array;
  /** `fieldFactor` of each document's field, same layout as `fieldStart`. */
  fieldFactors: Float32Array;
  /** The folded words before stemming, by word id; `wordTokens` is `tokens` as word ids, so a phrase's exact words can be checked in order. */
  words: string[];
  wordIds: Map<string, number>;
  /** The term (stem) id of each word id. */
  wordTerm: Int32Array;
  wordTokens: Int32Array;
  /** How many distinct words each term stands for: a term of one form needs no exact-form check. */
  termForms: Int32Array;
  /** The documents holding each word (ascending), as `termStart`/`postingDocs` for terms: tells an exact form from another form of its stem by merging. */
  wordStart: Uint32Array;
  wordDocs: Int32Array;
}

class Int32Builder {
  buffer = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Int32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = value;
  }
  finish(): Int32Array {
    return this.buffer.slice(0, this.length);
  }
}

/**
 * Builds the index in two passes: tokenize and count document frequencies, then fill exact-size
 * postings. Each distinct folded word is stemmed once, on first sight, and mapped straight to its
 * stem's term id, so stemming costs one call per vocabulary word, not per occurrence. `stemWord`
 * is the English analyser's unless given (the benchmark's no-stemming baseline passes identity).
 */
export function buildInvertedIndex(documents: FieldTexts[], stemWord: (word: string) => string = stem): InvertedIndex {
  const termIds = new Map<string, number>();
  const wordIds = new Map<string, number>();
  const words: string[] = [];
  const wordTerm: number[] = [];
  const wordTokens = new Int32Builder();
  const documentFrequency: number[] = [];
  const lastSeen: number[] = [];
  const tokens = new Int32Builder();
  const slots = documents.length * FIELD_COUNT;
  const fieldStart = new Uint32Array(slots + 1);
  const fieldTotals = [0, 0, 0];
  // Authors and tag sets repeat across many quotes: tokenize each distinct one once.
  const repeated = new Map<string, string[]>();
  const wordsOf = (text: string, field: number) => {
    if (field === 0) return tokenize(text);
    let words = repeated.get(text);
    if (!words) repeated.set(text, (words = tokenize(text)));
    return words;
  };
  const idOf = (word: string) => {
    const stemmed = stemWord(word);
    let id = termIds.get(stemmed);
    if (id === undefined) {
      id = termIds.size;
      termIds.set(stemmed, id);
      documentFrequency.push(0);
      lastSeen.push(-1);
    }
    const wordId = words.length;
    words.push(word);
    wordTerm.push(id);
    wordIds.set(word, wordId);
    return wordId;
  };

  documents.forEach((fields, doc) => {
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      fieldStart[doc * FIELD_COUNT + field] = tokens.length;
      const words = wordsOf(fields[field]!, field);
      fieldTotals[field]! += words.length;
      for (const word of words) {
        const wordId = wordIds.get(word) ?? idOf(word);
        const id = wordTerm[wordId]!;
        wordTokens.push(wordId);
        if (lastSeen[id] !== doc) {
          lastSeen[id] = doc;
          documentFrequency[id]! += 1;
        }
        tokens.push(id);
      }
    }
  });
  fieldStart[slots] = tokens.length;

  const fieldFactors = new Float32Array(slots);
  for (let slot = 0; slot < slots; slot += 1) {
    const field = slot % FIELD_COUNT;
    const average = Math.max(fieldTotals[field]! / Math.max(documents.length, 1), 1);
    fieldFactors[slot] = fieldFactor(field, fieldStart[slot + 1]! - fieldStart[slot]!, average);
  }

  const termCount = termIds.size;
  const termStart = new Uint32Array(termCount + 1);
  for (let term = 0; term < termCount; term += 1) termStart[term + 1] = termStart[term]! + documentFrequency[term]!;
  const postingCount = termStart[termCount]!;
  const postingDocs = new Int32Array(postingCount);
  const postingWeight = new Float32Array(postingCount);
  const cursor = Int32Array.from(termStart.subarray(0, termCount));
  const tokenIds = tokens.finish();
  lastSeen.fill(-1);

  // Each occurrence adds its field's factor: the weighted, length-normalised frequency of BM25F.
  for (let slot = 0; slot < slots; slot += 1) {
    const doc = (slot / FIELD_COUNT) | 0;
    const factor = fieldFactors[slot]!;
    for (let at = fieldStart[slot]!; at < fieldStart[slot + 1]!; at += 1) {
      const term = tokenIds[at]!;
      if (lastSeen[term] !== doc) {
        lastSeen[term] = doc;
        postingDocs[cursor[term]!] = doc;
        cursor[term]! += 1;
      }
      postingWeight[cursor[term]! - 1]! += factor;
    }
  }
  for (let posting = 0; posting < postingCount; posting += 1) postingWeight[posting] = saturate(postingWeight[posting]!);

  const termForms = new Int32Array(termCount);
  for (const term of wordTerm) termForms[term]! += 1;
  const wordTokenIds = wordTokens.finish();
  const { wordStart, wordDocs } = buildWordPostings(wordTokenIds, fieldStart, words.length);
  return {
    documentCount: documents.length, termIds, termStart, postingDocs, postingWeight, fieldStart, tokens: tokenIds, fieldFactors,
    words, wordIds, wordTerm: Int32Array.from(wordTerm), wordTokens: wordTokenIds, termForms, wordStart, wordDocs,
  };
}

/** Each word's documents, ascending, in compressed-sparse-row form. */
function buildWordPostings(wordTokens: Int32Array, fieldStart: Uint32Array, wordCount: number) {
  const documents = (fieldStart.length - 1) / FIELD_COUNT;
  const lastSeen = new Int32Array(wordCount).fill(-1);
  const wordStart = new Uint32Array(wordCount + 1);
  const forEachFirst = (each: (word: number, doc: number) => void) => {
    lastSeen.fill(-1);
    for (let doc = 0; doc < documents; doc += 1) {
      for (let at = fieldStart[doc * FIELD_COUNT]!; at < fieldStart[(doc + 1) * FIELD_COUNT]!; at += 1) {
        const word = wordTokens[at]!;
        if (lastSeen[word] === doc) continue;
        lastSeen[word] = doc;
        each(word, doc);
      }
    }
  };
  forEachFirst((word) => (wordStart[word + 1]! += 1));
  for (let word = 0; word < wordCount; word += 1) wordStart[word + 1]! += wordStart[word]!;
  const wordDocs = new Int32Array(wordStart[wordCount]!);
  const cursor = wordStart.slice(0, wordCount);
  forEachFirst((word, doc) => (wordDocs[cursor[word]!++] = doc));
  return { wordStart, wordDocs };
}
