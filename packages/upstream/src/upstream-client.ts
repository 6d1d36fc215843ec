import { createHash } from 'node:crypto';
import axios, { type AxiosInstance } from 'axios';
import type { Logger } from '@toolgate/core';
import type { z } from 'zod';
import type { ResponseCache } from './cache.ts';
import { createPolicies, isBrokenCircuit, type BreakerOptions, type RetryOptions } from './policies.ts';
import { createRedactor } from './redact.ts';
import type { RequestLimiter } from './request-limiter.ts';
import { displayUrl, sendRequest } from './send-request.ts';
import { describeDrift } from './schema-drift.ts';
import { UpstreamError } from './upstream-error.ts';

export interface UpstreamClientOptions {
  /** Display name used in every error message: `Bandsintown`, `TheSportsDB`, … */
  name: string;
  baseUrl: string;
  timeoutMs: number;
  cache: ResponseCache;
  /** Injected so tests can substitute; a fresh axios instance otherwise. */
  http?: AxiosInstance;
  headers?: Record<string, string>;
  /** Values (API keys, tokens) removed from every error message and log line. */
  secrets?: (string | undefined)[];
  retry?: RetryOptions;
  breaker?: BreakerOptions;
  limiter?: RequestLimiter;
  logger?: Logger;
}

export interface GetOptions<Schema extends z.ZodType> {
  /** Appended to the base URL. */
  path: string;
  params?: Record<string, string | number | undefined>;
  /** Minimal schema of the response; a mismatch is an UpstreamError naming what changed. */
  schema: Schema;
  /** How long to keep the parsed response: fixed, or computed from it (e.g. until an event ends). 0 = not cached. */
  ttlMs: number | ((value: z.infer<Schema>) => number);
}

export interface UpstreamClient {
  readonly name: string;
  get<Schema extends z.ZodType>(options: GetOptions<Schema>): Promise<z.infer<Schema>>;
  close(): Promise<void>;
}

/**
 * One upstream behind a cache, request coalescing, a rate budget, retries, a circuit breaker
 * and a per-attempt timeout, in that order from the outside in.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const http = options.http ?? axios.create();
  const redact = createRedactor(options.secrets ?? []);
  const policies = createPolicies(options.timeoutMs, options.retry, options.breaker);
  const inFlight = new Map<string, Promise<unknown>>();
  let openedAt = 0;
  policies.breaker.onBreak(() => {
    openedAt = Date.now();
    options.logger?.warn({ upstream: options.name }, 'circuit opened: failing fast');
  });
  policies.breaker.onReset(() => options.logger?.info({ upstream: options.name }, 'circuit closed'));

  async function fetchOnce<Schema extends z.ZodType>(request: GetOptions<Schema>, url: string): Promise<z.infer<Schema>> {
    const shownUrl = displayUrl(url, request.params, redact);
    return policies.retry.execute(async ({ attempt }) => {
      await options.limiter?.take();
      try {
        return await policies.breaker.execute(() =>
          policies.timeout.execute(async ({ signal }) => {
            const body = await sendRequest({
              upstream: options.name, http, url, params: request.params, headers: options.headers, signal, timeoutMs: options.timeoutMs, redact,
            });
            const parsed = request.schema.safeParse(body);
            if (parsed.success) return parsed.data;
            throw new UpstreamError(`response did not have the expected shape (${describeDrift(parsed.error)})`, {
              upstream: options.name, url: shownUrl, isRetryable: false, countsAsFailure: true, cause: new Error('schema mismatch'),
            });
          }),
        );
      } catch (error) {
        if (isBrokenCircuit(error)) {
          const seconds = Math.max(1, Math.ceil((openedAt + policies.halfOpenAfterMs - Date.now()) / 1000));
          throw new UpstreamError(`unavailable after repeated failures (circuit open: failing fast), retry in ${seconds} s`, {
            upstream: options.name, url: shownUrl, isRetryable: false, countsAsFailure: false, cause: new Error('circuit open'),
          });
        }
        if (error instanceof UpstreamError) {
          options.logger?.warn({ upstream: options.name, url: shownUrl, statusCode: error.statusCode, attempt, reason: error.message }, 'upstream attempt failed');
        }
        throw error;
      }
    });
  }

  return {
    name: options.name,
    get(request) {
      const url = `${options.baseUrl.replace(/\/+$/, '')}/${request.path.replace(/^\/+/, '')}`;
      const params = Object.entries(request.params ?? {}).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b));
      // Hashed, so a key that sits in the URL (TheSportsDB) never reaches a Redis key.
      const key = createHash('sha256').update(JSON.stringify([options.name, url, params])).digest('base64url');
      const pending = inFlight.get(key);
      if (pending) return pending as Promise<z.infer<typeof request.schema>>;
      const work = (async () => {
        const cached = await options.cache.get(key);
        if (cached !== undefined) return cached;
        const value = await fetchOnce(request, url);
        const ttl = typeof request.ttlMs === 'function' ? request.ttlMs(value) : request.ttlMs;
        await options.cache.set(key, value, ttl);
        return value;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work as Promise<z.infer<typeof request.schema>>;
    },
    async close() {
      inFlight.clear();
    },
  };
}
