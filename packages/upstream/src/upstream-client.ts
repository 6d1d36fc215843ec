import { createHash } from 'node:crypto';
import axios, { type AxiosInstance, type LookupAddressEntry } from 'axios';
import type { BoundedRedis, Logger, UpstreamObserver } from '@toolgate/core/upstream';
import type { z } from 'zod';
import type { ResponseCache } from './cache.ts';
import { createCoalescingCache, createNoStore } from './coalescing-cache.ts';
import { credentialOf, type RequestParts } from './credential.ts';
import { lookupUpstreamHost } from './dns-lookup.ts';
import { createHoldBack, type HoldBack, type HoldScope } from './hold-back.ts';
import { createPolicies, type BreakerOptions, type RetryOptions } from './policies.ts';
import { breakerStateOf } from './observed-attempt.ts';
import { runResilient, type AttemptContext } from './resilient-call.ts';
import { createRedactor } from './redact.ts';
import type { RequestLimiter } from './request-limiter.ts';
import { displayUrl, sendRequest } from './send-request.ts';
import { describeDrift } from './schema-drift.ts';
import { UpstreamError } from './upstream-error.ts';

const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** UPSTREAM_MAX_HOLD_SECONDS' default: an upstream that says "come back tomorrow" is asked again within the hour. */
export const DEFAULT_MAX_HOLD_MS = 3_600_000;

export interface UpstreamClientOptions {
  /** Display name used in every error message: `Bandsintown`, `TheSportsDB`, … */
  name: string;
  baseUrl: string;
  timeoutMs: number;
  /** Where GET answers are kept; none: GETs are only coalesced (a client that only POSTs needs none). */
  cache?: ResponseCache;
  /** Injected so tests can substitute; a fresh axios instance otherwise. */
  http?: AxiosInstance;
  headers?: Record<string, string>;
  /** Values (API keys, tokens) removed from every error message and log line. */
  secrets?: (string | undefined)[];
  retry?: RetryOptions;
  breaker?: BreakerOptions;
  limiter?: RequestLimiter;
  logger?: Logger;
  /** Largest response body read; a bigger one is an error, not a memory spike. Default 8 MiB. */
  maxResponseBytes?: number;
  /** Told of every attempt, cache lookup and breaker change (metrics, traces); see @toolgate/core's upstream-observer.ts. */
  observer?: UpstreamObserver;
  /**
   * After a 429 (or a 503 with Retry-After), requests with the same credential are held back
   * until the upstream said (hold-back.ts), at most this long (UPSTREAM_MAX_HOLD_SECONDS). Default 1 hour.
   */
  maxHoldMs?: number;
  /** Where holds are shared across replicas (the pack's stores.redis); in process without it. */
  redis?: BoundedRedis | undefined;
  /** Holds shared with other clients of the pack (createHoldBack): one host under several names. Default: the client's own, from the two options above. */
  holds?: HoldBack;
  /** `route`: the upstream limits each route apart, so a hold covers one operation (its label, else the method). Default: the whole credential. */
  rateLimitedPer?: 'credential' | 'route';
  /** The clock holds are measured by; tests move a fake one. */
  now?: () => number;
}

/** What a pack passes on to each of its clients for hold-backs: the cap and the shared store. */
export type HoldOptions = Pick<UpstreamClientOptions, 'maxHoldMs' | 'redis' | 'holds'>;

export interface GetOptions<Schema extends z.ZodType> {
  /** Appended to the base URL. */
  path: string;
  params?: Record<string, string | number | undefined>;
  /** Minimal schema of the response; a mismatch is an UpstreamError naming what changed. */
  schema: Schema;
  /** How long to keep the parsed response: fixed, or computed from it (e.g. until an event ends). 0 = not cached. */
  ttlMs: number | ((value: z.infer<Schema>) => number);
  /**
   * Replaces JSON.parse, for an upstream that answers some cases with a body that is not JSON
   * (Bandsintown's `{warn=Not found}`). It throws RefusedInBody for a body that refuses the request
   * (redacted by the client, and worded by it unless the hook words it).
   */
  parse?: (text: string) => unknown;
  /** What is asked, as metrics and traces label it: a few fixed words, never an id or a key. Default: the HTTP method. */
  operation?: string;
}

export interface PostJsonOptions<Schema extends z.ZodType> {
  /** Appended to the base URL; omitted: the base URL itself. */
  path?: string;
  /** Sent as JSON. The caller vouches that the request is safe to repeat (it is retried). */
  body: unknown;
  schema: Schema;
  signal?: AbortSignal;
  /** What is asked, as metrics and traces label it: a few fixed words, never an id or a key. Default: the HTTP method. */
  operation?: string;
}

export interface UpstreamClient {
  readonly name: string;
  get<Schema extends z.ZodType>(options: GetOptions<Schema>): Promise<z.infer<Schema>>;
  /**
   * POSTs JSON through the same retries, breaker and timeout as `get`, but neither cached nor
   * coalesced: POST answers are the caller's to cache (a JSON-RPC read, say, keyed by what it means).
   */
  postJson<Schema extends z.ZodType>(options: PostJsonOptions<Schema>): Promise<z.infer<Schema>>;
  /** HEAD: resolves to a 2xx status; any other status is an UpstreamError carrying `statusCode`. */
  head(options?: { path?: string; signal?: AbortSignal; operation?: string }): Promise<number>;
  close(): Promise<void>;
}

/**
 * One upstream behind a cache, request coalescing, a rate budget, retries, a circuit breaker
 * and a per-attempt timeout, in that order from the outside in.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const lookup = async (hostname: string, lookupOptions: object): Promise<[LookupAddressEntry[]]> => [
    (await lookupUpstreamHost(hostname, lookupOptions)) as LookupAddressEntry[],
  ];
  const http = options.http ?? axios.create({ lookup });
  const redact = createRedactor(options.secrets ?? []);
  // Every credential a client sends is among its secrets (they must be redacted): none set, none sent.
  const sendsCredentials = (options.secrets ?? []).some(Boolean);
  const policies = createPolicies(options.timeoutMs, options.retry, options.breaker);
  // Concurrent identical GETs share one request; answers are kept for their TTL.
  const { observer } = options;
  // Lookups are reported only where there is a cache: without one every GET would be a "miss".
  const responses = createCoalescingCache<unknown>(options.cache ?? createNoStore(), options.cache ? { name: options.name, observer } : {});
  let openedAt = 0;
  policies.breaker.onBreak(() => {
    openedAt = Date.now();
    options.logger?.warn({ upstream: options.name }, 'circuit opened: failing fast');
  });
  policies.breaker.onReset(() => options.logger?.info({ upstream: options.name }, 'circuit closed'));
  if (observer?.breakerChanged) {
    policies.breaker.onStateChange((state) => observer.breakerChanged?.({ upstream: options.name, state: breakerStateOf(state) }));
  }

  const secrets = (options.secrets ?? []).filter((secret): secret is string => Boolean(secret));
  const now = options.now ?? Date.now;
  const holds = options.holds ?? createHoldBack({ maxHoldMs: options.maxHoldMs ?? DEFAULT_MAX_HOLD_MS, redis: options.redis, now, logger: options.logger, observer });
  const origin = new URL(options.baseUrl).origin;
  const scopeOf = (parts: RequestParts, operation: string | undefined, method: string): HoldScope => ({
    upstream: options.name,
    origin,
    credential: credentialOf(secrets, { ...parts, headers: parts.headers ?? options.headers }),
    ...(options.rateLimitedPer === 'route' ? { route: operation ?? method } : {}),
  });
  const resilience = { upstream: options.name, policies, openedAt: () => openedAt, limiter: options.limiter, holds, logger: options.logger, observer };
  const attemptOptions = (url: string, { signal, headers, onStatus }: AttemptContext) => ({
    upstream: options.name, http, url, headers: headers ? { ...options.headers, ...headers } : options.headers, signal, onStatus,
    timeoutMs: options.timeoutMs, redact, sendsCredentials, maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, now,
  });
  const conform = <Schema extends z.ZodType>(schema: Schema, body: unknown, shownUrl: string): z.infer<Schema> => {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new UpstreamError(`response did not have the expected shape (${describeDrift(parsed.error)})`, {
      upstream: options.name, url: shownUrl, isRetryable: false, countsAsFailure: true, kind: 'invalid_response', cause: new Error('schema mismatch'),
    });
  };
  // A path of undefined means the base URL exactly as given (JSON-RPC endpoints end in a key or nothing).
  const urlFor = (path: string | undefined) =>
    path === undefined ? options.baseUrl : `${options.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

  function fetchOnce<Schema extends z.ZodType>(request: GetOptions<Schema>, url: string): Promise<z.infer<Schema>> {
    const shownUrl = displayUrl(url, request.params, redact);
    const scope = scopeOf({ url, params: request.params }, request.operation, 'GET');
    return runResilient(resilience, { shownUrl, method: 'GET', operation: request.operation, scope }, async (context) =>
      conform(request.schema, await sendRequest({ ...attemptOptions(url, context), params: request.params, parse: request.parse }), shownUrl),
    );
  }

  return {
    name: options.name,
    get(request) {
      const url = urlFor(request.path);
      const params = Object.entries(request.params ?? {}).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b));
      // Hashed, so a key that sits in the URL (TheSportsDB) never reaches a Redis key.
      const key = createHash('sha256').update(JSON.stringify([options.name, url, params])).digest('base64url');
      return responses.get(key, async () => {
        const value = await fetchOnce(request, url);
        return { value, ttlMs: typeof request.ttlMs === 'function' ? request.ttlMs(value) : request.ttlMs };
      }) as Promise<z.infer<typeof request.schema>>;
    },
    postJson(request) {
      const url = urlFor(request.path);
      const shownUrl = displayUrl(url, undefined, redact);
      return runResilient(
        resilience,
        { shownUrl, method: 'POST', operation: request.operation, scope: scopeOf({ url }, request.operation, 'POST') },
        async (context) => conform(request.schema, await sendRequest({ ...attemptOptions(url, context), method: 'POST', body: request.body }), shownUrl),
        request.signal,
      );
    },
    head(request = {}) {
      const url = urlFor(request.path);
      const scope = scopeOf({ url }, request.operation, 'HEAD');
      return runResilient(resilience, { shownUrl: displayUrl(url, undefined, redact), method: 'HEAD', operation: request.operation, scope }, async (context) =>
        Number(await sendRequest({ ...attemptOptions(url, context), method: 'HEAD' })), request.signal);
    },
    async close() {},
  };
}
