import type { QuoteEngine } from '../engine/quote-engine.ts';

/** One judged query: grades 0-3 by quote id (unjudged quotes count 0), or the grades of another query (a misspelling). */
export interface Judgment {
  query: string;
  intent: string;
  grades?: Record<string, number>;
  judged_as?: string;
}

/** nDCG@k with exponential gain (2^grade − 1), as TREC and most search evaluations compute it. */
export function ndcgAt(k: number, ranked: string[], grades: Record<string, number>): number {
  const dcg = (values: number[]) => values.slice(0, k).reduce((sum, grade, at) => sum + (2 ** grade - 1) / Math.log2(at + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((id) => grades[id] ?? 0)) / ideal;
}

export interface QueryScore {
  query: string;
  ndcg: number;
  /** Quotes in the top k nobody judged (counted as 0): a sign the judgments need another look. */
  unjudged: number;
}

export function gradesOf(judgments: Judgment[], judgment: Judgment): Record<string, number> {
  if (judgment.grades) return judgment.grades;
  const target = judgments.find((other) => other.query === judgment.judged_as && other.grades);
  if (!target) throw new Error(`judgment for ${JSON.stringify(judgment.query)} refers to ${JSON.stringify(judgment.judged_as)}, which has no grades`);
  return target.grades!;
}

export function scoreEngine(engine: QuoteEngine, judgments: Judgment[], k = 10): QueryScore[] {
  return judgments.map((judgment) => {
    const grades = gradesOf(judgments, judgment);
    const ranked = engine.search(engine.parseQuery(judgment.query), 0, k).quotes.map((quote) => quote.id);
    return { query: judgment.query, ndcg: ndcgAt(k, ranked, grades), unjudged: ranked.filter((id) => !(id in grades)).length };
  });
}

export const meanNdcg = (scores: QueryScore[]) => scores.reduce((sum, score) => sum + score.ndcg, 0) / scores.length;
