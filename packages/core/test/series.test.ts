import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';
import { SeriesCounter, SeriesHistogram } from '../src/series.ts';

// The fast series must expose exactly what prom-client's own Counter and Histogram would for
// the same observations: dashboards and alerts read these names, labels and buckets.
const BUCKETS = [0.001, 0.01, 0.1, 1];
const observations: [string, string, number][] = [
  ['quotes', '200', 0.0004],
  ['quotes', '200', 0.003],
  ['chain', '200', 0.05],
  ['quotes', '429', 0.001],
  ['chain', '200', 7],
  ['quotes', '200', 0.2],
];

function withPromClient(): Registry {
  const registry = new Registry();
  const counter = new Counter({ name: 'x_requests_total', help: 'requests', labelNames: ['pack', 'status'] as const, registers: [registry] });
  const histogram = new Histogram({ name: 'x_seconds', help: 'latency', labelNames: ['pack'] as const, buckets: BUCKETS, registers: [registry] });
  for (const [pack, status, seconds] of observations) {
    counter.inc({ pack, status });
    histogram.observe({ pack }, seconds);
  }
  return registry;
}

function withSeries(): Registry {
  const registry = new Registry();
  const counter = new SeriesCounter({ name: 'x_requests_total', help: 'requests', registry });
  const histogram = new SeriesHistogram({ name: 'x_seconds', help: 'latency', buckets: BUCKETS, registry });
  for (const [pack, status, seconds] of observations) {
    counter.series({ pack, status }).inc();
    histogram.series({ pack }).observe(seconds);
  }
  return registry;
}

describe('fast series', () => {
  it('expose the same text as prom-client for the same observations', async () => {
    expect(await withSeries().metrics()).toBe(await withPromClient().metrics());
  });

  it('aggregate across registries (cluster workers) as prom-client metrics do', async () => {
    const ours = AggregatorRegistry.aggregate([await withSeries().getMetricsAsJSON(), await withSeries().getMetricsAsJSON()]);
    const theirs = AggregatorRegistry.aggregate([await withPromClient().getMetricsAsJSON(), await withPromClient().getMetricsAsJSON()]);
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('x_requests_total{pack="quotes",status="200"} 6');
  });

  it('count into the series a caller kept', async () => {
    const registry = new Registry();
    const counter = new SeriesCounter({ name: 'y_total', help: 'y', registry });
    const kept = counter.series({ pack: 'game' });
    kept.inc();
    kept.inc(2);
    counter.series({ pack: 'game' }).inc();
    expect(await registry.metrics()).toContain('y_total{pack="game"} 4');
  });
});
