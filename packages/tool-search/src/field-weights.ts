import { FIELDS } from './searchable-tool.ts';

/**
 * BM25F weights and length normalisation per field (FIELDS' order: name, title, description,
 * parameters, pack, synonyms). A tool's own name and title say what it does; its description says
 * more, in more words; its parameters say what it takes (a "tag" or an "address" a person may
 * name); the pack name is a topic; synonyms are the pack's words for the tool's words, found
 * second to the tool's own.
 */
export const FIELD_WEIGHTS: Readonly<Record<(typeof FIELDS)[number], number>> = {
  name: 3,
  title: 2.5,
  description: 1,
  parameters: 0.5,
  pack: 1.5,
  synonyms: 0.6,
};

export const FIELD_B: Readonly<Record<(typeof FIELDS)[number], number>> = {
  name: 0.3,
  title: 0.3,
  description: 0.75,
  parameters: 0.75,
  pack: 0,
  synonyms: 0.5,
};

const K1 = 1.2;

/** Robertson–Spärck Jones idf as BM25 uses it, kept positive by the `1 +`. */
export const idf = (documents: number, frequency: number): number => Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));

/** BM25F's saturation of a term's weighted, length-normalised frequency summed over fields. */
export const saturate = (weightedTf: number): number => (weightedTf * (K1 + 1)) / (weightedTf + K1);

/** A typo costs: a word found one typo away counts this much of a word typed right, two typos less. */
export const TYPO_FACTOR = [1, 0.6, 0.35] as const;
