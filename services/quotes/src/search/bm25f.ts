/**
 * BM25F weights: a match in the quote's words counts most; its author's name and its tags are
 * weaker signals (a quote *about* courage beats one merely tagged `courage`).
 */
export const FIELD_WEIGHTS = [1, 0.5, 0.3] as const;
const FIELD_B = [0.75, 0.5, 0.3] as const;
const K1 = 1.2;

/** Robertson–Spärck Jones idf as BM25 uses it, kept positive by the `1 +`. */
export function idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** BM25F's per-field length normalisation: `weight / (1 - b + b·length/average)`, so `tf · factor` is the field's share. */
export function fieldFactor(field: number, length: number, averageLength: number): number {
  const b = FIELD_B[field]!;
  return FIELD_WEIGHTS[field]! / (1 - b + (b * length) / averageLength);
}

/**
 * Saturation of the summed, weighted, normalised frequencies: applied once over all fields, so
 * repeating a word in the tags cannot outweigh the content. A unit's score is `idf · saturate(tf)`.
 */
export function saturate(weightedTf: number): number {
  return (weightedTf * (K1 + 1)) / (weightedTf + K1);
}
