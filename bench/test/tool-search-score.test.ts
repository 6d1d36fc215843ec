import { firstAnswerRank, scoreRanks } from '../src/tool-search/score.ts';
import { syntheticTools } from '../src/tool-search/synthetic-tools.ts';

describe('the judged set scores', () => {
  it('rank the first answer among the first 10, any of several answers counting', () => {
    expect(firstAnswerRank(['a', 'b', 'c'], ['c', 'b'])).toBe(2);
    expect(firstAnswerRank(['a'], ['z'])).toBeUndefined();
    expect(firstAnswerRank(Array.from({ length: 12 }, (_, at) => `t${at}`), ['t10'])).toBeUndefined();
  });

  it('give recall@1, recall@3 and MRR over requests', () => {
    expect(scoreRanks([1, 2, 4, undefined])).toEqual({ requests: 4, recallAt1: 0.25, recallAt3: 0.5, mrr: (1 + 1 / 2 + 1 / 4) / 4 });
    expect(scoreRanks([])).toEqual({ requests: 0, recallAt1: 0, recallAt3: 0, mrr: 0 });
  });
});

describe('the generated fronted server', () => {
  it('has the tools asked for, each named once within MCP\'s name rule, the same every time', () => {
    const tools = syntheticTools(1000);
    expect(tools).toHaveLength(1000);
    expect(new Set(tools.map(({ name }) => name)).size).toBe(1000);
    for (const { name, description } of tools) {
      expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(description.length).toBeGreaterThan(20);
    }
    expect(syntheticTools(1000)).toEqual(tools);
    expect(syntheticTools(1500)).toHaveLength(1500);
  });
});
