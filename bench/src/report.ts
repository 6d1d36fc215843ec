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
  const rate = new Map(rows.map((row) => [row.name, row.requestsPerSecond]));
  return RATIOS.flatMap((ratio) => {
    const top = rate.get(ratio.numerator);
    const bottom = rate.get(ratio.denominator);
    return top === undefined || !bottom ? [] : [{ ...ratio, value: top / bottom }];
  });
}

export function rowOf(scenario: Scenario, figures: LoadFigures): MeasuredRow {
  return { name: scenario.name, description: scenario.description, ...figures };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

export function markdownReport(rows: MeasuredRow[], ratios: Ratio[], settings: LoadSettings, node: string): string {
  const lines = [
    `Node ${node}, autocannon ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured per server`,
    '',
    '| server | req/s | p50 ms | p99 ms | failed |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.name}: ${row.description} | ${fixed(row.requestsPerSecond, 0)} | ${fixed(row.latencyP50Ms, 1)} | ${fixed(row.latencyP99Ms, 1)} | ${row.failures} |`),
    '',
    '| ratio | value | target |',
    '|---|---:|---|',
    ...ratios.map((ratio) => {
      const verdict = ratio.target === undefined ? '(reported)' : `>= ${ratio.target} ${ratio.value >= ratio.target ? 'met' : 'MISSED'}`;
      return `| ${ratio.name} | ${fixed(ratio.value, 2)} | ${verdict} |`;
    }),
  ];
  return lines.join('\n');
}
