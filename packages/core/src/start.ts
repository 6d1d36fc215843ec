import { randomBytes } from 'node:crypto';
import cluster from 'node:cluster';
import { z } from 'zod';
import { runPrimary } from './cluster/primary.ts';
import { clusterEnvSchema } from './cluster/workers-setting.ts';
import { clusterAwareMetrics, followPrimary, workerId } from './cluster/worker.ts';
import { ConfigError, parseEnv, port, resolvePathVariables, segmentFor, segmentsShape, serverEnvSchema } from './config.ts';
import { createApp } from './server/create-app.ts';
import { requestLimitsOf, limitsEnvSchema } from './limits-config.ts';
import { createLogger, logFormatFor, type Logger } from './logger.ts';
import { createMetrics } from './metrics.ts';
import { combineUpstreamObservers } from './upstream-observer.ts';
import { startTracing } from './observability/start-tracing.ts';
import { type Tracing } from './observability/tracing.ts';
import { tracingSettingsOf } from './observability/tracing-config.ts';
import type { MountedPack, PackModule } from './pack-module.ts';
import { closeOnSignals, serve, type RunningServer } from './serve.ts';
import { createAuditLog } from './mcp/audit-log.ts';
import { createGuards } from './security/create-guards.ts';
import { securityEnvSchema, securitySettingsOf } from './security/security-config.ts';
import { warnUnservedGrants } from './security/policy/unserved-grants.ts';

export interface StartOptions {
  /** Name in logs: `gateway`, or the pack's name. */
  service: string;
  modules: PackModule[];
  defaultPort: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * Parses every variable the process needs (server and packs) in one pass, so a bad start
 * names all of its problems at once, then builds the packs and listens.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const problems: string[] = [];
  const collect = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.message.split('\n').slice(1));
      return undefined;
    }
  };
  const parse = <Schema extends z.ZodObject>(schema: Schema): z.infer<Schema> | undefined => collect(() => parseEnv(schema, env));
  const server = parse(serverEnvSchema.extend({ PORT: port(options.defaultPort), ...segmentsShape(options.modules.map((module) => module.name)) }));
  const security = parse(securityEnvSchema);
  const limits = parse(limitsEnvSchema);
  const packConfigs = options.modules.map((module) => parse(module.envSchema));
  const tracingSettings = collect(() => tracingSettingsOf(env, `toolgate-${options.service}`));
  // A variable several schemas read (REDIS_URL: every pack's cache and the guards) is named once.
  if (!server || !security || !limits || problems.length > 0) throw new ConfigError(`invalid configuration:\n${[...new Set(problems)].join('\n')}`);

  // Before the logger, so its lines carry the active span's ids; export failures go to it.
  let logger: Logger | undefined;
  const tracing: Tracing | undefined = tracingSettings ? await startTracing(tracingSettings, () => logger) : undefined;
  logger = createLogger({ level: server.LOG_LEVEL, name: options.service, format: logFormatFor(server.LOG_FORMAT), ...(tracing ? { traceFields: tracing.logFields } : {}) });
  const metrics = clusterAwareMetrics(createMetrics());
  // Metrics and traces both watch the packs' upstream clients.
  const upstreamObserver = combineUpstreamObservers(metrics.upstream, tracing?.upstreamObserver);
  const mounted: MountedPack[] = [];
  for (const [index, module] of options.modules.entries()) {
    // Every config parsed (no problems were found above).
    const config = packConfigs[index]!;
    const built = await module.create(config, { logger: logger.child({ pack: module.name }), ...(upstreamObserver ? { upstreamObserver } : {}), ...(tracing ? { tracing } : {}) });
    mounted.push({ ...built, segment: segmentFor(built.pack.name, env) });
  }
  if (!security.STATE_SECRET && mounted.some(({ pack }) => pack.sessions === true || pack.remote !== undefined || pack.remoteTools !== undefined)) {
    logger.warn('STATE_SECRET is unset: session ids and 2026-07-28 round state are signed with a key of this process alone; behind several replicas, set the same STATE_SECRET on each (docs/deployment.md#sessions-behind-nginx-and-the-ingress)');
  }
  warnUnservedGrants(logger, security.API_KEYS_FILE ?? [], mounted.map(({ pack }) => pack));
  const securitySettings = securitySettingsOf(security);
  const guards = await createGuards(security, logger, securitySettings);
  let draining = false;
  const app = createApp({
    packs: mounted,
    logger,
    metrics,
    worker: workerId(),
    allowedOrigins: server.ALLOWED_ORIGINS,
    maxBodyBytes: server.MAX_BODY_BYTES,
    readiness: [{ name: 'draining', check: async () => !draining }],
    limits: requestLimitsOf(limits),
    trustProxy: security.TRUST_PROXY,
    guards: guards.handlers,
    callPolicy: {
      ...(guards.budget ? { budget: guards.budget } : {}),
      ...(securitySettings.audit ? { audit: createAuditLog(logger, { withArguments: security.AUDIT_ARGUMENTS }) } : {}),
    },
    oauth: securitySettings.oauth,
    stateSecret: security.STATE_SECRET,
    combined: { include: server.COMBINED_INCLUDE, exclude: server.COMBINED_EXCLUDE },
    page: { publicUrl: security.PUBLIC_URL, keyed: securitySettings.keyed, peers: server.CATALOG_PEERS },
    ...(tracing ? { tracing } : {}),
  });
  const running = await serve(app, {
    port: server.PORT,
    host: server.HOST,
    logger,
    shutdownTimeoutMs: server.SHUTDOWN_TIMEOUT_MS,
    requestTimeoutMs: limits.REQUEST_TIMEOUT_MS,
    maxConnections: limits.MAX_CONNECTIONS,
    drainDelayMs: limits.DRAIN_DELAY_MS,
    onDrain: () => {
      draining = true;
    },
    onClose: async () => {
      await Promise.all([...mounted.map(({ close }) => close?.()), guards.close()]);
      // Last: spans of the requests that just drained are still batched.
      await tracing?.shutdown();
    },
  });
  logger.info({ url: running.url, packs: mounted.map(({ segment }) => `/${segment}/mcp`), combined: '/mcp' }, 'listening');
  logger.info(`catalog and playground page: open ${pageUrl(security.PUBLIC_URL, running.url)} in a browser`);
  return running;
}

/** Where a person opens the page: PUBLIC_URL, else the listener (0.0.0.0 and :: reached as localhost). */
function pageUrl(publicUrl: string | undefined, listening: string): string {
  if (publicUrl) return `${publicUrl.replace(/\/+$/, '')}/`;
  const url = new URL(listening);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = 'localhost';
  return url.href;
}

/**
 * A service's main(): start, drain on SIGTERM, and exit 1 with the reason on a bad start.
 * With WORKERS above 1 this process becomes the cluster primary and each worker runs this again.
 */
export function runMain(startOptions: StartOptions): void {
  // Paths are the user's: resolved once, here, so every message names the file that was looked for.
  const options = { ...startOptions, env: resolvePathVariables(startOptions.env ?? process.env) };
  const failed = (error: unknown) => {
    process.stderr.write(`${options.service}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  };
  if (cluster.isPrimary) {
    const schema = clusterEnvSchema.extend({ LOG_LEVEL: serverEnvSchema.shape.LOG_LEVEL, LOG_FORMAT: serverEnvSchema.shape.LOG_FORMAT, SHUTDOWN_TIMEOUT_MS: serverEnvSchema.shape.SHUTDOWN_TIMEOUT_MS });
    let settings: z.infer<typeof schema>;
    try {
      settings = parseEnv(schema, options.env ?? process.env);
    } catch (error) {
      return failed(error);
    }
    if (settings.WORKERS > 1) {
      const logger = createLogger({ level: settings.LOG_LEVEL, name: options.service, format: logFormatFor(settings.LOG_FORMAT) });
      // One STATE_SECRET for every worker: a session or a 2026-07-28 round begun on one is taken up by the next.
      const env = options.env.STATE_SECRET ? options.env : { ...options.env, STATE_SECRET: randomBytes(32).toString('base64url') };
      runPrimary({ workers: settings.WORKERS, logger, shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_MS, env });
      return;
    }
  }
  startServer(options).then((running) => {
    // startServer has checked LOG_FORMAT.
    const format = logFormatFor(serverEnvSchema.shape.LOG_FORMAT.safeParse((options.env ?? process.env).LOG_FORMAT).data);
    closeOnSignals(running, createLogger({ level: 'info', name: options.service, format }));
    followPrimary(running.url);
  }, failed);
}
