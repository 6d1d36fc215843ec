import { argumentCases } from './argument-cases.ts';
import { batchCases } from './batch-cases.ts';
import { checkReply } from './check-reply.ts';
import { envelopeCases } from './envelope-cases.ts';
import type { FuzzCase, FuzzTool } from './fuzz-case.ts';
import { baselineArguments, type JsonSchema } from './json-schema-values.ts';
import { randomCases } from './random-cases.ts';
import { sendCases } from './send-cases.ts';

export interface PackFuzzReport {
  segment: string;
  tools: string[];
  cases: number;
  statuses: Record<string, number>;
  failures: string[];
}

async function listTools(url: string): Promise<FuzzTool[]> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
  const body = (await response.json()) as { result: { tools: FuzzTool[] } };
  return body.result.tools;
}

/** Every hostile case for one pack: fixed envelope and argument cases, topped up with seeded random ones. */
export function casesFor(tools: FuzzTool[], options: { seed: number; casesPerPack: number }): FuzzCase[] {
  const fixed = tools.flatMap((tool) => {
    const baseline = baselineArguments(tool.inputSchema as JsonSchema);
    return [...envelopeCases(tool.name, baseline), ...batchCases(tool.name, baseline), ...argumentCases(tool)];
  });
  if (tools.length === 0) fixed.push(...envelopeCases('no-such-tool', {}), ...batchCases('no-such-tool', {}));
  const random = randomCases(tools, Math.max(options.casesPerPack - fixed.length, Math.ceil(options.casesPerPack / 4)), options.seed);
  return [...fixed, ...random];
}

/**
 * Sends at least `casesPerPack` malformed and hostile requests to each pack's MCP route at
 * `baseUrl` (tools and argument shapes come from the pack's own tools/list), and reports
 * every reply that is not a well-formed JSON-RPC error or tool result below HTTP 500.
 */
export async function fuzzPacks(baseUrl: string, segments: string[], options: { seed: number; casesPerPack: number }): Promise<PackFuzzReport[]> {
  const reports: PackFuzzReport[] = [];
  for (const segment of segments) {
    const url = `${baseUrl}/${segment}/mcp`;
    const tools = await listTools(url);
    const cases = casesFor(tools, options);
    const report: PackFuzzReport = { segment, tools: tools.map((tool) => tool.name), cases: cases.length, statuses: {}, failures: [] };
    await sendCases(url, cases, (fuzzCase, reply) => {
      if (reply instanceof Error) {
        report.failures.push(`${segment} · ${fuzzCase.label}: ${reply.message}`);
        return;
      }
      report.statuses[reply.status] = (report.statuses[reply.status] ?? 0) + 1;
      const problem = checkReply(fuzzCase, reply);
      if (problem) report.failures.push(`${segment} · ${fuzzCase.label}: ${problem} (HTTP ${reply.status})`);
    });
    reports.push(report);
  }
  return reports;
}
