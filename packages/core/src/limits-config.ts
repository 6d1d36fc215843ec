import { z } from 'zod';

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * What one client may cost the process: batch size, response size, concurrency, slow bodies
 * and connections. Every bound has a default, so an operator who sets nothing is protected.
 */
export const limitsEnvSchema = z.object({
  /** Messages in one JSON-RPC batch; more → 400. */
  MAX_BATCH_SIZE: positive(100),
  /** Members of one batch running at once (so at most this many upstream calls per request). */
  BATCH_CONCURRENCY: positive(4),
  /** Bytes of one answer; members past it get an error instead of their result. */
  MAX_RESPONSE_BYTES: positive(8_388_608),
  /** tools/call running at once per client (key or address), across its requests and packs. */
  MAX_CALLS_IN_FLIGHT_PER_CLIENT: positive(16),
  /** Whole request (headers and body) must arrive within this; Node's own default is 300 s. */
  REQUEST_TIMEOUT_MS: positive(30_000),
  /** A body that stops arriving for this long is cut off with 408. */
  BODY_IDLE_TIMEOUT_MS: positive(10_000),
  /** Open connections the process accepts; past it new ones are closed at once. */
  MAX_CONNECTIONS: positive(10_000),
  /** On SIGTERM, /readyz says 503 for this long before the listener closes (0: close at once). */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),
});

export type LimitsEnv = z.infer<typeof limitsEnvSchema>;

/** The per-request bounds the HTTP app enforces (the server-level ones live in serve.ts). */
export interface RequestLimits {
  maxBatchSize: number;
  batchConcurrency: number;
  maxResponseBytes: number;
  maxCallsInFlightPerClient: number;
  bodyIdleTimeoutMs: number;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimits = requestLimitsOf(limitsEnvSchema.parse({}));

export function requestLimitsOf(env: LimitsEnv): RequestLimits {
  return {
    maxBatchSize: env.MAX_BATCH_SIZE,
    batchConcurrency: env.BATCH_CONCURRENCY,
    maxResponseBytes: env.MAX_RESPONSE_BYTES,
    maxCallsInFlightPerClient: env.MAX_CALLS_IN_FLIGHT_PER_CLIENT,
    bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_MS,
  };
}
