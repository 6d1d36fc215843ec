import type { LoadSettings } from './load.ts';
import { markdownTables, type MeasuredRow, type Ratio } from './report.ts';

export const SECTION_HEADING = '## Core serving path';

export interface RunFacts {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string | undefined;
  loadAverageAtStart: number;
  settings: LoadSettings;
  rows: MeasuredRow[];
  ratios: Ratio[];
}

/** The "Core serving path" section of docs/benchmarks.md, written from one full run. */
export function coreSection(run: RunFacts): string {
  return `${SECTION_HEADING}

\`pnpm --filter @toolgate/bench bench\` (\`bench/src/run-core-bench.ts\`; \`pnpm bench\` runs it with
every other benchmark). \`tools/call\` of a cheap in-memory \`add\` tool, the same request to every
server, each server in its own child process on the same Node, on 127.0.0.1:
- **toolgate**: a pack built with \`createApp\` from \`@toolgate/core\`, metrics and logger (level
  \`info\`) as a service has them;
- **express**: Express 5, \`express.json()\` and a handler writing the same JSON-RPC response, no MCP layer;
- **node-http**: bare \`node:http\`, reads and parses the body, writes the same response;
- **sdk**: the SDK v2's documented per-request server, \`createMcpHandler\` from
  \`@modelcontextprotocol/server\` mounted with \`toNodeHandler\` from \`@modelcontextprotocol/node\`,
  serving the same tool with the same zod schemas.

The 2025-era request carries the headers the SDK requires to answer (\`Accept: application/json,
text/event-stream\`, \`MCP-Protocol-Version: 2025-11-25\`); the SDK then serves it from its
stateless legacy fallback and answers with a one-event SSE stream, the others with JSON. The
2026-07-28 request (envelope in \`params._meta\` plus \`Mcp-Method\`/\`Mcp-Name\`) is the SDK's
primary path and is answered with JSON by both. A jest test (\`bench/test/servers-answer-alike.test.ts\`)
checks that every server answers these requests with the same result.

autocannon, ${run.settings.connections} connections; each server is warmed up (${run.settings.warmupSeconds} s), then measured for
${run.settings.durationSeconds} s in ${run.settings.rounds} turns taken in rotation, so a background load that comes and goes falls on
every server alike. After each turn the next one waits until the last server has worked off
its backlog (the SDK's, at a p99 around a second, would otherwise run during the next
measurement). "server CPU µs/req" is the server process's own CPU time per answered request;
"by CPU/req" is the ratio those give, steadier than req/s on a busy machine.

Run of ${run.date.slice(0, 10)}, Node ${run.node}, ${run.cpus} cores (${run.cpuModel ?? 'unknown CPU'}) shared with other
agents' work (load average ${run.loadAverageAtStart.toFixed(1)} at the start): absolute figures are noisy, read the ratios.

${markdownTables(run.rows, run.ratios)}
`;
}

/** Replaces this benchmark's own section in the document (or appends it), leaving the others alone. */
export function replaceSection(document: string, section: string): string {
  const start = document.indexOf(`${SECTION_HEADING}\n`);
  if (start === -1) return `${document.trimEnd()}\n\n${section}`;
  const next = document.indexOf('\n## ', start + SECTION_HEADING.length);
  return `${document.slice(0, start)}${section}${next === -1 ? '' : `\n${document.slice(next + 1)}`}`;
}
