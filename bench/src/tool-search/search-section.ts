import { REPEATS, type Latency } from './latency.ts';
import { TOKENIZER, type SizeComparison } from './list-sizes.ts';
import type { SplitScores } from './relevance.ts';
import type { Scores } from './score.ts';

export interface SearchRun {
  date: string;
  node: string;
  cpu: string;
  load: [atStart: number, atEnd: number];
  judged: number;
  heldOut: number;
  relevance: { tools: number; scores: SplitScores }[];
  sizes: SizeComparison[];
  latency: { what: string; tools: number; latency: Latency }[];
}

const fixed = (value: number) => value.toFixed(2);
const row = (label: string, scores: Scores) => `| ${label} | ${scores.requests} | ${fixed(scores.recallAt1)} | **${fixed(scores.recallAt3)}** | ${fixed(scores.mrr)} |`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const times = (full: number, search: number) => `${(full / search).toFixed(0)}×`;

/** The "Tool search" section of docs/benchmarks.md, from one run of bench:search. */
export function searchSection(run: SearchRun): string {
  const relevance = run.relevance.flatMap(({ tools, scores }) => [
    row(`${tools} tools, tuned (${run.judged - run.heldOut})`, scores.tune),
    row(`${tools} tools, **held out** (${run.heldOut})`, scores.heldOut),
    row(`${tools} tools, all`, scores.all),
  ]);
  const misses = run.relevance.flatMap(({ tools, scores }) =>
    scores.misses.filter((miss) => miss.rank === undefined || miss.rank > 3).map((miss) => `\`${miss.request}\` (${tools} tools, ${miss.split}: ${miss.rank === undefined ? 'not in the first 10' : `rank ${miss.rank}`})`),
  );
  const sizes = run.sizes.map(({ what, full, search }) => `| ${what} (\`${full.url}\`) | ${full.tools} tools, ${kb(full.bytes)}, ${full.tokens.toLocaleString('en')} tokens | ${search.tools} tools, ${kb(search.bytes)}, ${search.tokens.toLocaleString('en')} tokens | ${times(full.bytes, search.bytes)} | ${times(full.tokens, search.tokens)} |`);
  const latency = run.latency.map(({ what, tools, latency }) => `| ${what} | ${tools} | ${latency.samples.toLocaleString('en')} | ${latency.p50.toFixed(3)} | **${latency.p99.toFixed(3)}** | ${latency.max.toFixed(3)} | **${latency.p99BestOfRepeats.toFixed(3)}** |`);
  return `## Tool search

Run by \`pnpm --filter @toolgate/bench bench:search\` (${run.date}, Node ${run.node}, ${run.cpu}, load average ${run.load[0].toFixed(1)} at the start, ${run.load[1].toFixed(1)} at the end). \`/mcp?view=search\` and \`/<pack>/mcp?view=search\` list \`search_tools\` and \`call_tool\` instead of every tool ([docs/tool-search.md](tool-search.md)).

**Does it find the right tool?** The ${run.judged} requests of \`bench/tool-search/judged-set.json\`, phrased as people ask (how they were written and judged: its README), against every built-in pack and server-everything, then with a fronted server of 1,000 generated tools beside them. The ranking was tuned on the ${run.judged - run.heldOut} "tuned" requests only; the ${run.heldOut} held out were written with them and scored, never tuned on. Goal: recall@3 ≥ 0.9.

| index, requests | requests | recall@1 | recall@3 | MRR |
|---|---|---|---|---|
${relevance.join('\n')}

Requests whose first answer is not in the first 3: ${misses.length === 0 ? 'none' : misses.join('; ')}.

**What a client pays on every request.** \`tools/list\` at an endpoint and at its search view: bytes of the HTTP body, and tokens of the tools array as JSON counted with ${TOKENIZER}. Goal: 10× smaller.

| endpoint | tools/list | ?view=search | bytes | tokens |
|---|---|---|---|---|
${sizes.join('\n')}

**How fast is search_tools?** A \`tools/call\` of \`search_tools\` through the search view's handler in process (the caller's list, the index, the answer built; no HTTP), each judged request in turn, after a warm-up round; milliseconds. Goal: p99 under 1 ms. On a machine shared with other work, a call's wall time includes whatever time the OS gave other processes meanwhile: the last column is the p99 of each sample's least time over ${REPEATS} back-to-back runs of the same request, which filters most of that out; both are reported.

| index | tools | searches | p50 | p99 | max | p99, least of ${REPEATS} |
|---|---|---|---|---|---|---|
${latency.join('\n')}

**An embedding model?** Not measured against this ranking: see [docs/tool-search.md](tool-search.md#why-no-embedding-model).
`;
}
