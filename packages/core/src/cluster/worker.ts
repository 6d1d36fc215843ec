import cluster from 'node:cluster';
import { AggregatorRegistry, Registry } from 'prom-client';
import type { GatewayMetrics } from '../metrics.ts';
import { PendingClientRequests } from '../streams/pending-client-requests.ts';
import { isMessage, type ClientAnswerMessage, type MetricsReply, type MetricsRequest, type WorkerMessage } from './messages.ts';

/** A little above prom-client's own 5 s limit for gathering the workers' series. */
const METRICS_TIMEOUT_MS = 6_000;

function send(message: WorkerMessage): void {
  process.send?.(message);
}

/**
 * What /metrics reads in a worker: whichever worker the scrape lands on, the primary gathers
 * every worker's series and sums them (prom-client's AggregatorRegistry), so one scrape of
 * the one port sees the whole process group, not a random worker's share.
 */
class PrimaryAggregatedRegistry extends AggregatorRegistry<typeof Registry.PROMETHEUS_CONTENT_TYPE> {
  #next = 0;
  readonly #pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();

  constructor() {
    // AggregatorRegistry's constructor also installs prom-client's worker-side listener that
    // answers the primary's requests for this worker's series.
    super();
    process.on('message', (message: unknown) => {
      if (!isMessage(message, 'toolgate:metrics')) return;
      const { id, text, error } = message as MetricsReply;
      const waiting = this.#pending.get(id);
      if (!waiting) return;
      this.#pending.delete(id);
      if (text === undefined) waiting.reject(new Error(`cluster metrics unavailable: ${error ?? 'no answer'}`));
      else waiting.resolve(text);
    });
  }

  override metrics(): Promise<string> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error('cluster metrics: the primary did not answer in time'));
      }, METRICS_TIMEOUT_MS);
      this.#pending.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      send({ type: 'toolgate:metrics', id } satisfies MetricsRequest);
    });
  }
}

/**
 * In a cluster worker: hands this worker's registry to prom-client's cluster listener (the
 * primary asks every worker for it) and returns the metrics the app should expose. Outside a
 * cluster it returns `metrics` unchanged.
 */
export function clusterAwareMetrics(metrics: GatewayMetrics): GatewayMetrics {
  if (!cluster.isWorker) return metrics;
  AggregatorRegistry.setRegistries([metrics.registry]);
  return { ...metrics, registry: new PrimaryAggregatedRegistry() };
}

/** The cluster worker id (1, 2, …) /healthz reports, or undefined outside a cluster. */
export function workerId(): number | undefined {
  return cluster.isWorker ? cluster.worker?.id : undefined;
}

/**
 * In a cluster worker: tells the primary the server listens, and drains like on SIGTERM when
 * the primary asks. A worker that already got the signal itself (Ctrl-C reaches the whole
 * process group) does not get a second one from here.
 */
export function followPrimary(url: string): void {
  if (!cluster.isWorker) return;
  let signalled = false;
  const remember = () => {
    signalled = true;
  };
  process.once('SIGTERM', remember);
  process.once('SIGINT', remember);
  // The primary passes SIGHUP on (a reload); a worker with nothing to reload must not die of it.
  process.on('SIGHUP', () => undefined);
  process.on('message', (message: unknown) => {
    if (isMessage(message, 'toolgate:client-answer')) {
      const { owner, message: answer } = message as ClientAnswerMessage;
      PendingClientRequests.answerRelayed(owner, answer);
      return;
    }
    if (!isMessage(message, 'toolgate:shutdown') || signalled) return;
    signalled = true;
    process.kill(process.pid, 'SIGTERM');
  });
  // A session's answer this worker holds no question for: the worker that asked may be another
  // (the answer came on another connection), so it goes to the others through the primary.
  PendingClientRequests.relayElsewhere = (owner, message) => send({ type: 'toolgate:client-answer', owner, message });
  send({ type: 'toolgate:listening', url });
}
