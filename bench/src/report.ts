import type { LoadFigures, LoadSettings } from './load.ts';
import type { Scenario } from './scenarios.ts';

export interface MeasuredRow extends LoadFigures {
  name: string;
  description: string;
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

/** The ratios the issue asks for, each between two rows of the same run. */
const RATIOS: Omit<Ratio, 'value'>[] = [
  { name: 'toolgate / express', numerator: 'toolgate', denominator: 'express', target: 0.7 },
  { name: 'toolgate / sdk (2025-era call)', numerator: 'toolgate', denominator: 'sdk', target: 4 },
  { name: 'toolgate / sdk (2026-07-28 call)', numerator: 'toolgate-2026', denominator: 'sdk-2026', target: 4 },
  { name: 'toolgate / node:http', numerator: 'toolgate', denominator: 'node-http' },
];

export function computeRatios(rows: MeasuredRow[]): Ratio[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  return RATIOS.flatMap((ratio) => {
    const top = byName.get(ratio.numerator);
    const bottom = byName.get(ratio.denominator);
    if (!top || !bottom || !bottom.requestsPerSecond) return [];
    const cpuValue = top.cpuMicrosPerRequest && bottom.cpuMicrosPerRequest ? bottom.cpuMicrosPerRequest / top.cpuMicrosPerRequest : undefined;
    return [{ ...ratio, value: top.requestsPerSecond / bottom.requestsPerSecond, ...(cpuValue === undefined ? {} : { cpuValue }) }];
  });
}

export function rowOf(scenario: Scenario, figures: LoadFigures): MeasuredRow {
  return { name: scenario.name, description: scenario.description, ...figures };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

export function markdownReport(rows: MeasuredRow[], ratios: Ratio[], settings: LoadSettings, node: string): string {
  const settingsLine = `Node ${node}, autocannon ${settings.connections} connections; per server ${settings.warmupSeconds} s warm-up, then ${settings.durationSeconds} s measured in ${settings.rounds} turns taken in rotation`;
  return `${settingsLine}\n\n${markdownTables(rows, ratios)}`;
}

/** The figures and the ratios, as two markdown tables. */
export function markdownTables(rows: MeasuredRow[], ratios: Ratio[]): string {
  const lines = [
    '| server | req/s | rounds min–max | p50 ms | p99 ms | server CPU µs/req | failed |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => {
      const spread = `${fixed(row.roundRequestsPerSecond.min, 0)}–${fixed(row.roundRequestsPerSecond.max, 0)}`;
      const cpu = row.cpuMicrosPerRequest === undefined ? '–' : fixed(row.cpuMicrosPerRequest, 0);
      return `| ${row.name}: ${row.description} | ${fixed(row.requestsPerSecond, 0)} | ${spread} | ${fixed(row.latencyP50Ms, 1)} | ${fixed(row.latencyP99Ms, 1)} | ${cpu} | ${row.failures} |`;
    }),
    '',
    '| ratio | req/s ratio | by CPU/req | target |',
    '|---|---:|---:|---|',
    ...ratios.map((ratio) => {
      const verdict = ratio.target === undefined ? '(reported)' : `>= ${ratio.target} ${ratio.value >= ratio.target ? 'met' : 'MISSED'}`;
      return `| ${ratio.name} | ${fixed(ratio.value, 2)} | ${ratio.cpuValue === undefined ? '–' : fixed(ratio.cpuValue, 2)} | ${verdict} |`;
    }),
  ];
  return lines.join('\n');
}
