import type { LoadFigures, LoadSettings } from './load.ts';
import type { Scenario } from './scenarios.ts';

export interface MeasuredRow extends LoadFigures {
  name: string;
  kind: Scenario['kind'];
  description: string;
  /** The same server at a fixed offered load, when that was measured. */
  fixed?: LoadFigures;
}

export interface Ratio {
  name: string;
  numerator: string;
  denominator: string;
  value: number;
  /**
   * The same ratio from server CPU time per request (denominator's over numerator's): what the
   * throughput ratio would be if each server had the CPU to itself. Steadier on a busy machine.
   */
  cpuValue?: number;
  /** Minimum the issue asks for; undefined when the ratio is only reported. */
  target?: number;
}

/** Stands for whichever peer framework answered most requests per second in this run. */
export const FASTEST_PEER = '(fastest peer)';

/** The ratios the issue asks for, each between two rows of the same run. */
const RATIOS: Omit<Ratio, 'value'>[] = [
  { name: 'gateway / bare node:http (the limit)', numerator: 'gateway', denominator: 'node-http', target: 0.8 },
  { name: 'gateway / fastest peer framework', numerator: 'gateway', denominator: FASTEST_PEER, target: 2 },
  { name: 'feature floor / bare node:http (about the best the first can be)', numerator: 'feature-floor', denominator: 'node-http' },
  { name: 'gateway / feature floor', numerator: 'gateway', denominator: 'feature-floor' },
  { name: 'gateway / Express without an MCP layer', numerator: 'gateway', denominator: 'express' },
  { name: 'gateway / SDK v2, both on the 2026-07-28 call', numerator: 'gateway-2026', denominator: 'sdk-v2-2026' },
  { name: 'gateway WORKERS=2 / gateway WORKERS=1', numerator: 'gateway-workers', denominator: 'gateway' },
];

export function fastestPeer(rows: MeasuredRow[]): MeasuredRow | undefined {
  return rows.filter((row) => row.kind === 'peer').sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0];
}

export function computeRatios(rows: MeasuredRow[]): Ratio[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const fastest = fastestPeer(rows);
  if (fastest) byName.set(FASTEST_PEER, fastest);
  return RATIOS.flatMap((ratio) => {
    const top = byName.get(ratio.numerator);
    const bottom = byName.get(ratio.denominator);
    if (!top || !bottom || !bottom.requestsPerSecond) return [];
    const cpuValue = top.cpuMicrosPerRequest && bottom.cpuMicrosPerRequest ? bottom.cpuMicrosPerRequest / top.cpuMicrosPerRequest : undefined;
    const named = ratio.denominator === FASTEST_PEER ? { name: `${ratio.name} (${bottom.name})`, denominator: bottom.name } : {};
    return [{ ...ratio, ...named, value: top.requestsPerSecond / bottom.requestsPerSecond, ...(cpuValue === undefined ? {} : { cpuValue }) }];
  });
}

export function rowOf(scenario: Scenario, figures: LoadFigures, fixed?: LoadFigures): MeasuredRow {
  return { name: scenario.name, kind: scenario.kind, description: scenario.description, ...figures, ...(fixed ? { fixed } : {}) };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

export function markdownReport(rows: MeasuredRow[], ratios: Ratio[], settings: LoadSettings, node: string): string {
  const settingsLine = `Node ${node}, autocannon ${settings.connections} connections; per server ${settings.warmupSeconds} s warm-up, then ${settings.durationSeconds} s measured in ${settings.rounds} turns taken in rotation${settings.fixedRate ? `, then ${settings.fixedSeconds} s at ${settings.fixedRate} req/s offered` : ''}`;
  return `${settingsLine}\n\n${markdownTables(rows, ratios)}`;
}

/** The figures and the ratios, as two markdown tables. */
export function markdownTables(rows: MeasuredRow[], ratios: Ratio[]): string {
  const cpuOf = (figures: LoadFigures | undefined) => (figures?.cpuMicrosPerRequest === undefined ? '–' : fixed(figures.cpuMicrosPerRequest, 0));
  const lines = [
    '| server | kind | req/s at saturation | rounds min–max | p50 / p99 ms | server CPU µs/req | at the fixed load: req/s, p50 / p99 ms | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => {
      const spread = `${fixed(row.roundRequestsPerSecond.min, 0)}–${fixed(row.roundRequestsPerSecond.max, 0)}`;
      const atFixed = row.fixed ? `${fixed(row.fixed.requestsPerSecond, 0)}, ${fixed(row.fixed.latencyP50Ms, 1)} / ${fixed(row.fixed.latencyP99Ms, 1)}` : '–';
      const failures = row.failures + (row.fixed?.failures ?? 0);
      return `| ${row.name}: ${row.description} | ${row.kind} | ${fixed(row.requestsPerSecond, 0)} | ${spread} | ${fixed(row.latencyP50Ms, 1)} / ${fixed(row.latencyP99Ms, 1)} | ${cpuOf(row)} | ${atFixed} | ${failures} |`;
    }),
    '',
    '| ratio | by req/s | by server CPU/req | target |',
    '|---|---:|---:|---|',
    ...ratios.map((ratio) => {
      const verdict = ratio.target === undefined ? '(reported)' : `>= ${ratio.target} ${ratio.value >= ratio.target ? 'met' : 'MISSED'}`;
      return `| ${ratio.name} | ${fixed(ratio.value, 2)} | ${ratio.cpuValue === undefined ? '–' : fixed(ratio.cpuValue, 2)} | ${verdict} |`;
    }),
  ];
  return lines.join('\n');
}
