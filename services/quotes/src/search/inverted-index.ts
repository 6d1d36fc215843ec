import { tokenize } from './fold.ts';

/** The fields a quote is indexed under, in this order everywhere (tf arrays, lengths). */
export const FIELD_COUNT = 3;
export type FieldTexts = [content: string, author: string, tags: string];

/**
 * A compact inverted index in compressed-sparse-row form: the postings of term `t` are
 * `postingDocs[termStart[t] .. termStart[t+1])`, ascending by document, with one term-frequency
 * array per field. Each document's token ids are kept too (`tokens`), so a quoted phrase is
 * verified against word order without storing a position list per posting.
 */
export interface InvertedIndex {
  documentCount: number;
  termIds: Map<string, number>;
  termStart: Uint32Array;
  postingDocs: Int32Array;
  /** `postingTf[field][posting]`: how often the term occurs in that field of that document. */
  postingTf: Uint16Array[];
  /** Start of document `d`'s field `f` tokens in `tokens`: `fieldStart[d * FIELD_COUNT + f]`. */
  fieldStart: Uint32Array;
  tokens: Int32Array;
  averageFieldLength: Float64Array;
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

/** Builds the index in two passes: tokenize and count document frequencies, then fill exact-size postings. */
export function buildInvertedIndex(documents: FieldTexts[]): InvertedIndex {
  const termIds = new Map<string, number>();
  const documentFrequency: number[] = [];
  const lastSeen: number[] = [];
  const tokens = new Int32Builder();
  const fieldStart = new Uint32Array(documents.length * FIELD_COUNT + 1);
  const fieldTotals = new Float64Array(FIELD_COUNT);

  documents.forEach((fields, doc) => {
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      fieldStart[doc * FIELD_COUNT + field] = tokens.length;
      const words = tokenize(fields[field]!);
      fieldTotals[field]! += words.length;
      for (const word of words) {
        let id = termIds.get(word);
        if (id === undefined) {
          id = termIds.size;
          termIds.set(word, id);
          documentFrequency.push(0);
          lastSeen.push(-1);
        }
        if (lastSeen[id] !== doc) {
          lastSeen[id] = doc;
          documentFrequency[id]! += 1;
        }
        tokens.push(id);
      }
    }
  });
  fieldStart[documents.length * FIELD_COUNT] = tokens.length;

  const termCount = termIds.size;
  const termStart = new Uint32Array(termCount + 1);
  for (let term = 0; term < termCount; term += 1) termStart[term + 1] = termStart[term]! + documentFrequency[term]!;
  const postingCount = termStart[termCount]!;
  const postingDocs = new Int32Array(postingCount);
  const postingTf = Array.from({ length: FIELD_COUNT }, () => new Uint16Array(postingCount));
  const cursor = Int32Array.from(termStart.subarray(0, termCount));
  const tokenIds = tokens.finish();
  lastSeen.fill(-1);

  for (let doc = 0; doc < documents.length; doc += 1) {
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      const slot = doc * FIELD_COUNT + field;
      for (let at = fieldStart[slot]!; at < fieldStart[slot + 1]!; at += 1) {
        const term = tokenIds[at]!;
        if (lastSeen[term] !== doc) {
          lastSeen[term] = doc;
          postingDocs[cursor[term]!] = doc;
          cursor[term]! += 1;
        }
        const tf = postingTf[field]!;
        const posting = cursor[term]! - 1;
        if (tf[posting]! < 65_535) tf[posting]! += 1;
      }
    }
  }

  const averageFieldLength = fieldTotals.map((total) => (documents.length > 0 ? Math.max(total / documents.length, 1) : 1));
  return { documentCount: documents.length, termIds, termStart, postingDocs, postingTf, fieldStart, tokens: tokenIds, averageFieldLength };
}

export function fieldLength(index: InvertedIndex, doc: number, field: number): number {
  const slot = doc * FIELD_COUNT + field;
  return index.fieldStart[slot + 1]! - index.fieldStart[slot]!;
}
