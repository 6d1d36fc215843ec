import type { RequestListener } from 'node:http';
import { startServer } from '@toolgate/core/server';
import { packModules } from '@toolgate/gateway';
import { GATEWAY_BENCH_ENV } from '../gateway-env.ts';
import { createFeatureFloorHandler } from '../feature-floor-handler.ts';
import { nodeHttpHandler } from '../node-http-handler.ts';
import { BENCH_KEY, writeBenchPolicyFile } from './policy-file-bench.ts';

export const IN_PROCESS_TARGETS = ['node-http', 'feature-floor', 'gateway', 'gateway-traced', 'gateway-traced-unsampled', 'gateway-audit', 'gateway-api-key', 'gateway-policy-file'] as const;
export type InProcessTarget = (typeof IN_PROCESS_TARGETS)[number];
/** What `bench:inprocess` measures unless BENCH_INPROC_TARGETS names others. */
export const DEFAULT_IN_PROCESS_TARGETS: readonly InProcessTarget[] = ['node-http', 'feature-floor', 'gateway'];

/**
 * The gateway with OpenTelemetry on, exporting OTLP/HTTP (protobuf, the default) to the sink the
 * parent runs (BENCH_OTLP_ENDPOINT): every call is a new sampled trace of two spans, or, unsampled,
 * tracing on with the sampler saying no (the cost of the spans' bookkeeping without export).
 */
const TRACED_ENV: Partial<Record<InProcessTarget, Record<string, string>>> = {
  'gateway-traced': { OTEL_TRACES_SAMPLER: 'always_on' },
  'gateway-traced-unsampled': { OTEL_TRACES_SAMPLER: 'always_off' },
};

/** Issue 27's targets: the gateway's extra environment and the headers its calls carry. */
function policySetup(target: InProcessTarget): { env: Record<string, string>; headers: Record<string, string> } {
  if (target === 'gateway-audit') return { env: { AUDIT_LOG: 'true' }, headers: {} };
  // Today's one shared key, against a policy file of 1,000 named keys (policy-file-bench.ts).
  if (target === 'gateway-api-key') return { env: { API_KEYS: BENCH_KEY }, headers: { authorization: `Bearer ${BENCH_KEY}` } };
  if (target === 'gateway-policy-file') return { env: { API_KEYS_FILE: writeBenchPolicyFile() }, headers: { authorization: `Bearer ${BENCH_KEY}` } };
  return { env: {}, headers: {} };
}

/**
 * The request listener a target's server runs. The gateway is started as `pnpm start` starts
 * it (it also listens, unused), and its server's own listener is called, drain tracking included.
 */
export async function listenerFor(target: InProcessTarget): Promise<{ listener: RequestListener; headers?: Record<string, string>; close(): Promise<void> }> {
  if (target === 'node-http') return { listener: nodeHttpHandler, close: async () => undefined };
  if (target === 'feature-floor') return { listener: createFeatureFloorHandler(), close: async () => undefined };
  const endpoint = process.env.BENCH_OTLP_ENDPOINT;
  if (TRACED_ENV[target] && !endpoint) throw new Error(`${target} needs BENCH_OTLP_ENDPOINT (an OTLP/HTTP sink): without it tracing would be off`);
  const traced = TRACED_ENV[target] ? { ...TRACED_ENV[target], OTEL_EXPORTER_OTLP_ENDPOINT: endpoint! } : {};
  const { env, headers } = policySetup(target);
  const running = await startServer({ service: 'gateway', modules: packModules, defaultPort: 0, env: { ...process.env, ...GATEWAY_BENCH_ENV, ...traced, ...env } });
  const { server } = running;
  return { listener: (request, response) => server.emit('request', request, response), headers, close: () => running.close() };
}
