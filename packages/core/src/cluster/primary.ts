import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, Counter, Gauge, Registry } from 'prom-client';
import type { Logger } from 'pino';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { isMessage, type ClientAnswerMessage, type ListeningMessage, type MetricsReply, type MetricsRequest, type PrimaryMessage } from './messages.ts';

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  /** The workers' own drain time; the primary waits a little longer before killing. */
  shutdownTimeoutMs: number;
  /** Variables for the workers, when the service was started with its own (runMain's `env`). */
  env?: NodeJS.ProcessEnv;
}

/** A worker that dies this soon after it was forked, or before it listened, died early: its replacement waits (backoff). */
const MIN_UPTIME_MS = 5_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
const EXTRA_KILL_WAIT_MS = 5_000;

/**
 * How long to wait before replacing a worker: at once after a worker that ran a while, then
 * 0.5 s, 1 s, 2 s … up to 30 s while replacements keep dying early (a crash loop), so a
 * replacement that cannot live does not spin the machine while the others serve.
 */
export function restartDelayMs(earlyDeathsInARow: number): number {
  if (earlyDeathsInARow <= 0) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (earlyDeathsInARow - 1));
}

/**
 * Connections are accepted by the workers themselves (SCHED_NONE) unless
 * NODE_CLUSTER_SCHED_POLICY=rr asks for the primary's round-robin: with it, a connection that
 * arrives between a worker's death and the primary noticing is handed to the dead worker and
 * reset, where a shared socket leaves it queued for the workers still alive.
 */
export function schedulingPolicyOf(env: NodeJS.ProcessEnv): number {
  return env.NODE_CLUSTER_SCHED_POLICY === 'rr' ? cluster.SCHED_RR : cluster.SCHED_NONE;
}

function tell(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message);
}

/** The primary's own series, added to the workers' aggregated ones. */
function primaryMetrics(workers: () => number) {
  const registry = new Registry();
  new Gauge({ name: 'toolgate_cluster_workers', help: 'Worker processes serving the port', registers: [registry], collect() { this.set(workers()); } });
  const restarts = new Counter({ name: 'toolgate_cluster_worker_restarts_total', help: 'Workers replaced after dying', registers: [registry] });
  return { registry, restarts };
}

/**
 * The cluster primary: forks `workers` processes that each run the service and share its port
 * (each accepts connections itself: see schedulingPolicyOf). It serves nothing itself: it
 * replaces a worker that dies (with backoff while replacements die early; only a failed first
 * start, before any worker served, stops the group: the healthy workers keep serving through a
 * crash loop), answers the workers' /metrics requests with every worker's series summed, keeps
 * the rate-limit counters the workers share when there is no Redis, and on SIGTERM or
 * SIGINT drains every worker and exits 0 once all of them have.
 */
export function runPrimary(options: PrimaryOptions): void {
  const { logger } = options;
  const aggregator = new AggregatorRegistry<typeof Registry.PROMETHEUS_CONTENT_TYPE>();
  // Counters of RateLimiterCluster limiters in the workers (see create-guards.ts).
  new RateLimiterClusterMaster();
  const own = primaryMetrics(() => Object.keys(cluster.workers ?? {}).length);
  const forkedAt = new Map<number, number>();
  let stopping = false;
  // Whether any worker has ever listened: before that, a death is a failed start (bad configuration).
  let everServed = false;
  let earlyDeathsInARow = 0;
  const pendingForks = new Set<NodeJS.Timeout>();
  // Logged once, when the first `workers` workers all listen (replacements later do not log it).
  let listening = 0;
  // Workers that serve (and so take the drain message); one still starting is just stopped.
  const serving = new Set<number>();

  const fork = () => {
    const worker = cluster.fork(options.env);
    forkedAt.set(worker.id, Date.now());
    worker.on('message', (message: unknown) => {
      if (isMessage(message, 'toolgate:listening')) {
        serving.add(worker.id);
        everServed = true;
        if (++listening === options.workers) logger.info({ url: (message as ListeningMessage).url, workers: options.workers }, 'cluster listening');
      }
      if (isMessage(message, 'toolgate:metrics')) void answerMetrics(worker, (message as MetricsRequest).id);
      // A session's answer that reached another worker than the one waiting for it: to every other worker.
      if (isMessage(message, 'toolgate:client-answer')) {
        for (const other of Object.values(cluster.workers ?? {})) if (other && other.id !== worker.id) tell(other, message as ClientAnswerMessage);
      }
    });
  };

  const answerMetrics = async (worker: Worker, id: number) => {
    try {
      const text = `${await aggregator.clusterMetrics()}\n${await own.registry.metrics()}`;
      tell(worker, { type: 'toolgate:metrics', id, text } satisfies MetricsReply);
    } catch (error) {
      tell(worker, { type: 'toolgate:metrics', id, error: error instanceof Error ? error.message : String(error) });
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (forkedAt.get(worker.id) ?? 0);
    const served = serving.has(worker.id);
    forkedAt.delete(worker.id);
    serving.delete(worker.id);
    if (stopping) {
      if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
      return;
    }
    if (!everServed) {
      // The first start failed (bad configuration, port taken): the worker printed why; stop all.
      logger.error({ worker: worker.id, code, signal }, 'a worker failed to start; stopping');
      stop(1);
      return;
    }
    // Early: it never listened (a replacement that cannot start, however slow the machine), or it
    // died soon after it did (a crash on the first requests).
    earlyDeathsInARow = !served || uptime < MIN_UPTIME_MS ? earlyDeathsInARow + 1 : 0;
    const delayMs = restartDelayMs(earlyDeathsInARow);
    const log = earlyDeathsInARow > 0 ? logger.error.bind(logger) : logger.warn.bind(logger);
    log({ worker: worker.id, code, signal, uptimeMs: uptime, restartInMs: delayMs, serving: serving.size }, 'worker died; starting a replacement');
    own.restarts.inc();
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      if (!stopping) fork();
    }, delayMs);
    pendingForks.add(timer);
  });

  let exitCode = 0;
  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    for (const timer of pendingForks) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    for (const worker of workers) {
      if (serving.has(worker.id)) tell(worker, { type: 'toolgate:shutdown' });
      else worker.process.kill('SIGTERM');
    }
    const killer = setTimeout(() => {
      logger.warn('workers did not drain in time; killing them');
      for (const worker of workers) worker.process.kill('SIGKILL');
      exitCode = 1;
    }, options.shutdownTimeoutMs + EXTRA_KILL_WAIT_MS);
    const exited = workers.map((worker) => (worker.isDead() ? Promise.resolve() : new Promise((resolve) => worker.once('exit', resolve))));
    void Promise.all(exited).then(() => {
      clearTimeout(killer);
      logger.info({ exitCode }, 'cluster stopped');
      process.exit(exitCode);
    });
  };

  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, 'shutting down: draining every worker');
    stop(0);
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  // SIGHUP reloads (a fronted server's lock file: docs/federation.md#tool-pinning) in each worker;
  // unhandled, it would end the primary and with it every worker.
  process.on('SIGHUP', () => {
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    for (const worker of workers) worker.process.kill('SIGHUP');
    logger.info({ workers: workers.length }, 'SIGHUP: passed on to every worker');
  });

  // Frozen by the first fork.
  cluster.schedulingPolicy = schedulingPolicyOf(options.env ?? process.env);
  // One worker first, so a bad configuration is reported once, then the rest.
  fork();
  cluster.once('listening', () => {
    for (let index = 1; index < options.workers && !stopping; index++) fork();
  });
}
