import { parseBenchEnv } from '../src/bench-config.ts';
import { computeRatios, markdownReport, type MeasuredRow } from '../src/report.ts';

const row = (name: string, requestsPerSecond: number): MeasuredRow => ({
  name,
  description: name,
  requestsPerSecond,
  latencyP50Ms: 1,
  latencyP99Ms: 2,
  requests: requestsPerSecond * 10,
  failures: 0,
});

describe('the benchmark report', () => {
  const rows = [row('toolgate', 8000), row('express', 10000), row('node-http', 16000), row('sdk', 1000), row('toolgate-2026', 6000), row('sdk-2026', 2000)];

  it('computes each ratio between rows of the same run', () => {
    const ratios = Object.fromEntries(computeRatios(rows).map((ratio) => [ratio.name, ratio.value]));
    expect(ratios).toEqual({
      'toolgate / express': 0.8,
      'toolgate / sdk (2025-era call)': 8,
      'toolgate / sdk (2026-07-28 call)': 3,
      'toolgate / node:http': 0.5,
    });
  });

  it('leaves out a ratio whose rows were not measured', () => {
    expect(computeRatios([row('toolgate', 1), row('express', 2)]).map((ratio) => ratio.name)).toEqual(['toolgate / express']);
  });

  it('marks each target as met or missed in the markdown table', () => {
    const text = markdownReport(rows, computeRatios(rows), { connections: 50, warmupSeconds: 3, durationSeconds: 10 }, 'v24.0.0');
    expect(text).toContain('| toolgate / express | 0.80 | >= 0.7 met |');
    expect(text).toContain('| toolgate / sdk (2026-07-28 call) | 3.00 | >= 4 MISSED |');
    expect(text).toContain('| toolgate / node:http | 0.50 | (reported) |');
  });
});

describe('the benchmark settings', () => {
  it('defaults to 50 connections, 3 s warm-up and 10 s measured', () => {
    expect(parseBenchEnv({})).toEqual({ BENCH_CONNECTIONS: 50, BENCH_WARMUP_S: 3, BENCH_DURATION_S: 10, BENCH_ONLY: undefined });
  });

  it('names every bad value', () => {
    expect(() => parseBenchEnv({ BENCH_CONNECTIONS: 'many', BENCH_ONLY: 'toolgate,nginx' })).toThrow(/BENCH_CONNECTIONS[\s\S]*BENCH_ONLY/);
  });
});
