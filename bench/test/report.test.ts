import { parseBenchEnv } from '../src/bench-config.ts';
import { summarize, type RoundFigures } from '../src/load.ts';
import { servingPathChart } from '../src/chart.ts';
import { computeRatios, markdownReport, type MeasuredRow } from '../src/report.ts';

const row = (name: string, requestsPerSecond: number, cpuMicrosPerRequest?: number, kind: MeasuredRow['kind'] = 'toolgate'): MeasuredRow => ({
  name,
  kind,
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
  const rows = [
    row('gateway', 8000, 100),
    row('node-http', 10000, 80, 'baseline'),
    row('express', 16000, undefined, 'baseline'),
    row('mcp-lite', 3000, 300, 'peer'),
    row('tmcp', 4000, undefined, 'peer'),
    row('gateway-2026', 6000),
    row('sdk-v2-2026', 2000, undefined, 'peer'),
  ];

  it('computes each ratio between rows of the same run, against the fastest peer by req/s', () => {
    const ratios = Object.fromEntries(computeRatios(rows).map((ratio) => [ratio.name, ratio.value]));
    expect(ratios).toEqual({
      'gateway / bare node:http (the limit)': 0.8,
      'gateway / fastest peer framework (tmcp)': 2,
      'gateway / Express without an MCP layer': 0.5,
      'gateway / SDK v2, both on the 2026-07-28 call': 3,
    });
  });

  it('gives the CPU-based ratio when both servers reported their CPU time', () => {
    const [limit, peer] = computeRatios(rows);
    expect(limit!.cpuValue).toBeCloseTo(0.8);
    expect(peer!.cpuValue).toBeUndefined();
  });

  it('leaves out a ratio whose rows were not measured', () => {
    expect(computeRatios([row('gateway', 1), row('node-http', 2, undefined, 'baseline')]).map((ratio) => ratio.name)).toEqual(['gateway / bare node:http (the limit)']);
  });

  it('marks each target as met or missed in the markdown table', () => {
    const text = markdownReport(rows, computeRatios(rows), { connections: 50, warmupSeconds: 3, durationSeconds: 10, rounds: 5 }, 'v24.0.0');
    expect(text).toContain('| gateway / bare node:http (the limit) | 0.80 | 0.80 | >= 0.8 met |');
    expect(text).toContain('| gateway / fastest peer framework (tmcp) | 2.00 | – | >= 2 met |');
    expect(text).toContain('| gateway / Express without an MCP layer | 0.50 | – | (reported) |');
  });

  it('draws every row in the chart, fastest first, with its share of node:http', () => {
    const svg = servingPathChart(rows, 'a run');
    const labels = [...svg.matchAll(/<text x="\d+" y="\d+" text-anchor="end"[^>]*>([^<]+)<\/text>/g)].map((match) => match[1]);
    expect(labels).toEqual(['express', 'node-http', 'gateway', 'gateway-2026', 'tmcp', 'mcp-lite', 'sdk-v2-2026']);
    expect(svg).toContain('8000 req/s · 0.80× node:http');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
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
  it('defaults to 50 connections, 3 s warm-up, 10 s measured in 5 rounds, then 5 s at 400 req/s', () => {
    expect(parseBenchEnv({})).toEqual({ BENCH_CONNECTIONS: 50, BENCH_WARMUP_S: 3, BENCH_DURATION_S: 10, BENCH_ROUNDS: 5, BENCH_FIXED_RATE: 400, BENCH_FIXED_S: 5, BENCH_ONLY: undefined });
  });

  it('names every bad value', () => {
    expect(() => parseBenchEnv({ BENCH_CONNECTIONS: 'many', BENCH_ONLY: 'toolgate,nginx' })).toThrow(/BENCH_CONNECTIONS[\s\S]*BENCH_ONLY/);
  });
});
