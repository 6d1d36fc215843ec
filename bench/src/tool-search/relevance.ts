import type { ToolIndex } from '@toolgate/tool-search';
import { firstAnswerRank, MRR_DEPTH, scoreRanks, type Judgment, type Scores } from './score.ts';

export interface SplitScores {
  tune: Scores;
  heldOut: Scores;
  all: Scores;
  /** The requests whose first answer is not first, with the rank it had (undefined: not in the first 10). */
  misses: { id: number; request: string; rank: number | undefined; split: Judgment['split'] }[];
}

/** Scores an index on the judged set, the tuned and held-out halves apart; `names` are the indexed tools' `/mcp` names. */
export function scoreJudged(index: ToolIndex, names: readonly string[], judgments: readonly Judgment[]): SplitScores {
  const ranks = judgments.map((judgment) => firstAnswerRank(index.search(judgment.request, MRR_DEPTH).map(({ doc }) => names[doc]!), judgment.answers));
  const of = (split: Judgment['split']) => scoreRanks(ranks.filter((_, at) => judgments[at]!.split === split));
  return {
    tune: of('tune'),
    heldOut: of('held-out'),
    all: scoreRanks(ranks),
    misses: judgments.flatMap((judgment, at) => (ranks[at] === 1 ? [] : [{ id: judgment.id, request: judgment.request, rank: ranks[at], split: judgment.split }])),
  };
}
