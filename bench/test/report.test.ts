import { parseBenchEnv } from '../src/bench-config.ts';
import { summarize, type RoundFigures } from '../src/load.ts';
import { computeRatios, markdownReport, type MeasuredRow } from '../src/report.ts';

const row = (name: string, requestsPerSecond: number, cpuMicrosPerRequest?: number): MeasuredRow => ({
  name,
  description: name,
  requestsPerSecond,
  roundRequestsPerSecond: { min: requestsPerSecond, max: requestsPerSecond },
  latencyP50Ms: 1,
  latencyP99Ms: 2,
  requests: requestsPerSecond * 10,
  failures: 0,
  ...(cpuMicrosPerRequest === undefined ? {} : { cpuMicrosPerRequest }),
});

describe('the benchmark report', () => {
  const rows = [row('toolgate', 8000, 100), row('express', 10000, 80), row('node-http', 16000), row('sdk', 1000), row('toolgate-2026', 6000), row('sdk-2026', 2000)];

  it('computes each ratio between rows of the same run', () => {
    const ratios = Object.fromEntries(computeRatios(rows).map((ratio) => [ratio.name, ratio.value]));
    expect(ratios).toEqual({
      'toolgate / express': 0.8,
      'toolgate / sdk (2025-era call)': 8,
      'toolgate / sdk (2026-07-28 call)': 3,
      'toolgate / node:http': 0.5,
    });
  });

  it('gives the CPU-based ratio when both servers reported their CPU time', () => {
    const [express, sdk] = computeRatios(rows);
    expect(express!.cpuValue).toBeCloseTo(0.8);
    expect(sdk!.cpuValue).toBeUndefined();
  });

  it('leaves out a ratio whose rows were not measured', () => {
    expect(computeRatios([row('toolgate', 1), row('express', 2)]).map((ratio) => ratio.name)).toEqual(['toolgate / express']);
  });

  it('marks each target as met or missed in the markdown table', () => {
    const text = markdownReport(rows, computeRatios(rows), { connections: 50, warmupSeconds: 3, durationSeconds: 10, rounds: 5 }, 'v24.0.0');
    expect(text).toContain('| toolgate / express | 0.80 | 0.80 | >= 0.7 met |');
    expect(text).toContain('| toolgate / sdk (2026-07-28 call) | 3.00 | – | >= 4 MISSED |');
    expect(text).toContain('| toolgate / node:http | 0.50 | – | (reported) |');
  });
});

describe('the summary of a server\'s rounds', () => {
  const round = (requests: number, seconds: number, p50: number, cpuMicros?: number): RoundFigures => ({
    requests,
    seconds,
    latencyP50Ms: p50,
    latencyP99Ms: p50 * 10,
    failures: 0,
    ...(cpuMicros === undefined ? {} : { cpuMicros }),
  });

  it('gives the overall rate, the slowest and fastest round, and median latencies', () => {
    const summary = summarize([round(1000, 2, 4, 100_000), round(3000, 2, 2, 300_000), round(2000, 2, 3, 200_000)]);
    expect(summary.requestsPerSecond).toBe(1000);
    expect(summary.roundRequestsPerSecond).toEqual({ min: 500, max: 1500 });
    expect(summary.latencyP50Ms).toBe(3);
    expect(summary.latencyP99Ms).toBe(30);
    expect(summary.cpuMicrosPerRequest).toBe(100);
  });

  it('leaves CPU per request out when a round could not read it', () => {
    expect(summarize([round(10, 1, 1, 50), round(10, 1, 1)]).cpuMicrosPerRequest).toBeUndefined();
  });
});

describe('the benchmark settings', () => {
  it('defaults to 50 connections, 3 s warm-up and 10 s measured in 5 rounds', () => {
    expect(parseBenchEnv({})).toEqual({ BENCH_CONNECTIONS: 50, BENCH_WARMUP_S: 3, BENCH_DURATION_S: 10, BENCH_ROUNDS: 5, BENCH_ONLY: undefined });
  });

  it('names every bad value', () => {
    expect(() => parseBenchEnv({ BENCH_CONNECTIONS: 'many', BENCH_ONLY: 'toolgate,nginx' })).toThrow(/BENCH_CONNECTIONS[\s\S]*BENCH_ONLY/);
  });
});
