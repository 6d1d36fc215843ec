import { stem, tokenize } from '@toolgate/text-analysis';
import { FIELD_B, FIELD_WEIGHTS, idf, saturate } from './field-weights.ts';
import { fieldTexts, FIELDS, type SearchableTool } from './searchable-tool.ts';
import type { SynonymGroups } from './synonyms.ts';

/**
 * The postings of term `t` are `docs[start[t] .. start[t+1])`, ascending, each with its BM25F
 * weight already saturated and multiplied by the term's idf: scoring a query word is one add per
 * tool that has it.
 */
export interface BuiltIndex {
  documents: number;
  termIds: ReadonlyMap<string, number>;
  start: Uint32Array;
  docs: Uint32Array;
  weights: Float32Array;
  /** Every folded word indexed (before stemming), for the typo index, and its term. */
  words: readonly string[];
  wordTerms: Int32Array;
}

const fieldNames = FIELDS;

/** Builds the index of `tools`; `synonymsOf(pack)` gives each pack's vocabulary. */
export function buildIndex(tools: readonly SearchableTool[], synonymsOf: (pack: string) => SynonymGroups | undefined): BuiltIndex {
  const termIds = new Map<string, number>();
  const wordTerm = new Map<string, number>();
  const perDoc: Map<number, number>[] = [];
  const tokenized = tools.map((tool) => fieldTexts(tool, synonymsOf(tool.pack)).map((text) => tokenize(text)));
  const totals = fieldNames.map((_, field) => tokenized.reduce((sum, fields) => sum + fields[field]!.length, 0));
  const averages = totals.map((total) => Math.max(total / Math.max(tools.length, 1), 1));
  const frequency: number[] = [];

  tokenized.forEach((fields, doc) => {
    const tf = new Map<number, number>();
    fields.forEach((words, field) => {
      const name = fieldNames[field]!;
      const factor = FIELD_WEIGHTS[name] / (1 - FIELD_B[name] + (FIELD_B[name] * words.length) / averages[field]!);
      for (const word of words) {
        let id = wordTerm.get(word);
        if (id === undefined) {
          const stemmed = stem(word);
          id = termIds.get(stemmed);
          if (id === undefined) {
            termIds.set(stemmed, (id = termIds.size));
            frequency.push(0);
          }
          wordTerm.set(word, id);
        }
        if (!tf.has(id)) frequency[id]! += 1;
        tf.set(id, (tf.get(id) ?? 0) + factor);
      }
    });
    perDoc.push(tf);
  });

  const start = new Uint32Array(termIds.size + 1);
  for (let term = 0; term < termIds.size; term += 1) start[term + 1] = start[term]! + frequency[term]!;
  const docs = new Uint32Array(start[termIds.size]!);
  const weights = new Float32Array(docs.length);
  const cursor = start.slice(0, termIds.size);
  perDoc.forEach((tf, doc) => {
    for (const [term, weighted] of tf) {
      const at = cursor[term]!++;
      docs[at] = doc;
      weights[at] = idf(tools.length, frequency[term]!) * saturate(weighted);
    }
  });
  return { documents: tools.length, termIds, start, docs, weights, words: [...wordTerm.keys()], wordTerms: Int32Array.from(wordTerm.values()) };
}
