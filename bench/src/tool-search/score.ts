/** One judged request: the tools that answer it, by their `/mcp` name. */
export interface Judgment {
  id: number;
  request: string;
  answers: string[];
  split: 'tune' | 'held-out';
}

export interface Scores {
  requests: number;
  recallAt1: number;
  recallAt3: number;
  /** Mean reciprocal rank of the first answer within the first 10 (0 beyond). */
  mrr: number;
}

export const MRR_DEPTH = 10;

/** The 1-based rank of the first answer among `ranked`, or undefined when none is in the first MRR_DEPTH. */
export function firstAnswerRank(ranked: readonly string[], answers: readonly string[]): number | undefined {
  const at = ranked.slice(0, MRR_DEPTH).findIndex((name) => answers.includes(name));
  return at < 0 ? undefined : at + 1;
}

/** recall@1, recall@3 and MRR over requests, from the rank of each one's first answer. */
export function scoreRanks(ranks: readonly (number | undefined)[]): Scores {
  const share = (test: (rank: number) => boolean) => ranks.filter((rank) => rank !== undefined && test(rank)).length / Math.max(ranks.length, 1);
  return {
    requests: ranks.length,
    recallAt1: share((rank) => rank === 1),
    recallAt3: share((rank) => rank <= 3),
    mrr: ranks.reduce<number>((sum, rank) => sum + (rank === undefined ? 0 : 1 / rank), 0) / Math.max(ranks.length, 1),
  };
}
