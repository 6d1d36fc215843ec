import type { Registry } from 'prom-client';

/**
 * Counters and histograms for the per-request path, shown through a prom-client Registry.
 * prom-client's own `inc(labels)`/`observe(labels, v)` validate and hash the label object on
 * every call (four calls per MCP request, a visible share of a cheap one); here a caller
 * resolves its series once (per pack, per tool) and then only adds numbers. The exposition is
 * prom-client's (same names, types, label order and `_bucket`/`_sum`/`_count` lines), and
 * the values are plain `get()` results, so AggregatorRegistry sums them across workers.
 */

type Labels = Record<string, string>;

interface MetricValue {
  labels: Labels;
  value: number;
  metricName?: string;
}

/** The part of prom-client's Metric interface a Registry reads. */
interface CollectedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: MetricValue[] }>;
  reset(): void;
}

function register(registry: Registry, metric: CollectedMetric): void {
  // registerMetric only reads these fields and calls get(); prom-client's types want its classes.
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}

export interface CounterSeries {
  inc(amount?: number): void;
}

export class SeriesCounter {
  readonly #series = new Map<string, { labels: Labels; value: number }>();
  readonly #metric: CollectedMetric;

  constructor(options: { name: string; help: string; registry: Registry }) {
    const series = this.#series;
    this.#metric = {
      name: options.name,
      help: options.help,
      type: 'counter',
      aggregator: 'sum',
      async get() {
        return { name: options.name, help: options.help, type: 'counter', aggregator: 'sum', values: [...series.values()].map(({ labels, value }) => ({ labels, value })) };
      },
      reset: () => series.clear(),
    };
    register(options.registry, this.#metric);
  }

  /** The series for these labels, made on first use: keep it and call `inc` on it. */
  series(labels: Labels): CounterSeries {
    const key = JSON.stringify(labels);
    let entry = this.#series.get(key);
    if (!entry) this.#series.set(key, (entry = { labels, value: 0 }));
    const found = entry;
    return {
      inc(amount = 1) {
        found.value += amount;
      },
    };
  }
}

export interface HistogramSeries {
  observe(value: number): void;
}

interface HistogramEntry {
  labels: Labels;
  counts: number[];
  sum: number;
  count: number;
}

export class SeriesHistogram {
  readonly #series = new Map<string, HistogramEntry>();
  readonly #buckets: readonly number[];

  constructor(options: { name: string; help: string; buckets: readonly number[]; registry: Registry }) {
    const buckets = (this.#buckets = [...options.buckets].sort((a, b) => a - b));
    const series = this.#series;
    const { name, help } = options;
    register(options.registry, {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      async get() {
        const values: MetricValue[] = [];
        for (const { labels, counts, sum, count } of series.values()) {
          // Cumulative, as the exposition format has them; `le` first, as prom-client writes it.
          let cumulative = 0;
          buckets.forEach((bound, index) => {
            cumulative += counts[index]!;
            values.push({ labels: { le: String(bound), ...labels }, value: cumulative, metricName: `${name}_bucket` });
          });
          values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${name}_bucket` });
          values.push({ labels, value: sum, metricName: `${name}_sum` });
          values.push({ labels, value: count, metricName: `${name}_count` });
        }
        return { name, help, type: 'histogram', aggregator: 'sum', values };
      },
      reset: () => series.clear(),
    });
  }

  series(labels: Labels): HistogramSeries {
    const key = JSON.stringify(labels);
    let entry = this.#series.get(key);
    if (!entry) this.#series.set(key, (entry = { labels, counts: this.#buckets.map(() => 0), sum: 0, count: 0 }));
    const found = entry;
    const buckets = this.#buckets;
    return {
      observe(value) {
        found.sum += value;
        found.count += 1;
        // The first bucket the value fits in; above the last, only +Inf (the count) has it.
        for (let index = 0; index < buckets.length; index++) {
          if (value <= buckets[index]!) {
            found.counts[index]! += 1;
            return;
          }
        }
      },
    };
  }
}
