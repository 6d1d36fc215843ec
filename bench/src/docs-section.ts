import type { LoadSettings } from './load.ts';
import { markdownTables, type MeasuredRow, type Ratio } from './report.ts';

export const SECTION_HEADING = '## Serving path';
export const CHART_PATH = 'docs/img/serving-path.svg';
const SUMMARY_START = '<!-- serving-path summary: rewritten by pnpm --filter @toolgate/bench bench -->';
const SUMMARY_END = '<!-- /serving-path summary -->';

export interface RunFacts {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string | undefined;
  loadAverageAtStart: number;
  loadAverageAtEnd: number;
  settings: LoadSettings;
  rows: MeasuredRow[];
  ratios: Ratio[];
}

/** Whether other work shared the machine, by its load average at the start and the end of the run. */
export function loadNote(run: RunFacts): string {
  const busiest = Math.max(run.loadAverageAtStart, run.loadAverageAtEnd);
  if (busiest >= 1.5) return 'The machine was shared with other work during the run';
  return 'Nothing else ran on the machine, but it is a virtual machine whose neighbours still move the rounds (see "rounds min–max")';
}

export function machineLine(run: RunFacts): string {
  return `${run.date.slice(0, 10)}, Node ${run.node}, ${run.cpus} cores (${run.cpuModel ?? 'unknown CPU'}), load average ${run.loadAverageAtStart.toFixed(1)} at the start, ${run.loadAverageAtEnd.toFixed(1)} at the end`;
}

function verdict(ratio: Ratio): string {
  if (ratio.target === undefined) return 'reported';
  const met = ratio.value >= ratio.target;
  // Said only when the steadier CPU-based ratio disagrees with the req/s one.
  const byCpu = ratio.cpuValue !== undefined && ratio.cpuValue >= ratio.target !== met ? ` (${met ? 'missed' : 'met'} by server CPU per request)` : '';
  return `target ≥ ${ratio.target}: **${met ? 'met' : 'missed'}**${byCpu}`;
}

/** This benchmark's rows of the summary table at the top of docs/benchmarks.md. */
export function summaryRows(run: RunFacts): string {
  const rows = run.ratios.map((ratio) => {
    const cpu = ratio.cpuValue === undefined ? '' : ` (${ratio.cpuValue.toFixed(2)}× by server CPU per request)`;
    return `| ${ratio.name}: ${verdict(ratio)} | **${ratio.value.toFixed(2)}×** req/s${cpu} | ${ratio.denominator}, same run | ${machineLine(run)} | [Serving path](#serving-path) |`;
  });
  return `${SUMMARY_START}\n${rows.join('\n')}\n${SUMMARY_END}`;
}

/** The "Serving path" section of docs/benchmarks.md, written from one full run. */
export function coreSection(run: RunFacts): string {
  const { settings } = run;
  return `${SECTION_HEADING}

Re-run: \`pnpm --filter @toolgate/bench bench\` (\`bench/src/run-core-bench.ts\`; \`pnpm bench\` runs it
with every other benchmark). It rewrites this section, its rows of the summary table and
\`${CHART_PATH}\`.

![requests per second at saturation](img/serving-path.svg)

Every server answers the same \`tools/call\` of \`random_quote\` (\`{"author":"socrates"}\`) with the
same JSON-RPC result, compared as parsed JSON (\`bench/test/servers-answer-alike.test.ts\`
checks it for every server before anyone measures them). Each server runs in its own process on
the same Node, on 127.0.0.1:
- **gateway**: the all-in-one gateway as \`pnpm start\` runs it (\`startServer\` with every pack
  loaded, metrics, request ids, logger at \`info\`); the call is answered by the real quotes
  engine. **gateway-2026**: the same with a 2026-07-28 call. **gateway-workers**: the gateway's
  own \`runMain\` with \`WORKERS=2\`. **toolgate**: one pack built with \`createApp\`.
- **node-http** (the limit): bare \`node:http\` reading and parsing the body and writing the same
  JSON; **express**: Express 5 and \`express.json()\`, no MCP layer. **feature-floor**: \`node:http\`
  plus only the work the issue says every gateway call keeps (a request id taken or made and
  echoed, the gateway's request and tool-call metrics, a bounded body, a JSON-RPC envelope check,
  arguments and result validated by the tool's zod schemas, the tool awaited), none of the rest
  (\`bench/src/feature-floor-handler.ts\`). A gateway that keeps those does at least this much per
  call, so "feature floor / bare node:http" is about the best "gateway / bare node:http" can be.
- **peers**, pinned in \`bench/package.json\`, each set up stateless as its README shows, with the
  same zod schemas and a JSON answer where the framework offers one: mcp-lite, tmcp with
  @tmcp/transport-http (both on Hono's node adapter), @hono/mcp (SDK v1 McpServer per request),
  the SDK v1 stateless Express pattern, the SDK v2 \`createMcpHandler\` (2025-era call: its
  stateless fallback answers SSE; 2026-07-28 call: JSON), fastmcp (stateless httpStream). mcp-lite
  gets \`MCP-Protocol-Version: 2025-06-18\`, the newest it accepts; every other server 2025-11-25.
  The peers answer from a constant; toolgate looks the quote up.

Load: autocannon in the parent process, ${settings.connections} connections. Saturation: ${settings.warmupSeconds} s warm-up each, then
${settings.durationSeconds} s per server in ${settings.rounds} turns taken in rotation, so background load falls on every
server alike; after each turn the next waits until the last server's backlog is worked off.
Fixed load: ${settings.fixedRate ? `${settings.fixedRate} req/s offered for ${settings.fixedSeconds} s to each server, for latency where none is saturated` : 'skipped'}.
"server CPU µs/req" is the server processes' own CPU time per answered request (for
gateway-workers the primary and both workers, from /proc); "by server CPU/req" is the ratio
those give, steadier than req/s on a busy machine.

Run of ${machineLine(run)}. ${loadNote(run)}: read the
ratios, not the absolute figures. On ${run.cpus} cores the load generator needs a core of its own,
so a server with WORKERS=2 competes with it and cannot show what it does on a bigger machine
(see "Every core" below).

${markdownTables(run.rows, run.ratios)}
`;
}

/** Replaces a benchmark's own section (this one's unless `heading` names another) in the document, or appends it, leaving the others alone. */
export function replaceSection(document: string, section: string, heading = SECTION_HEADING): string {
  const start = document.indexOf(`${heading}\n`);
  if (start === -1) return `${document.trimEnd()}\n\n${section}`;
  const next = document.indexOf('\n## ', start + heading.length);
  return `${document.slice(0, start)}${section}${next === -1 ? '' : `\n${document.slice(next + 1)}`}`;
}

/** Replaces this benchmark's rows of the summary table, if the document has its markers. */
export function replaceSummary(document: string, rows: string): string {
  const start = document.indexOf(SUMMARY_START);
  const end = document.indexOf(SUMMARY_END);
  if (start === -1 || end === -1) return document;
  return `${document.slice(0, start)}${rows}${document.slice(end + SUMMARY_END.length)}`;
}
