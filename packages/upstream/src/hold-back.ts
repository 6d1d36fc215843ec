import { createHash } from 'node:crypto';
import type { BoundedRedis, Logger, UpstreamObserver } from '@toolgate/core/upstream';
import { UpstreamError } from './upstream-error.ts';

/** Whose requests a hold covers: one credential at one upstream host, and one route where the upstream limits per route. */
export interface HoldScope {
  /** The client's name, in errors, logs and metrics. */
  upstream: string;
  /** What is held: the host (clients of several names may share it: a JSON-RPC node's per-purpose labels). */
  origin: string;
  /** credential.ts's hash of the key the request carries, or `none`. */
  credential: string;
  route?: string | undefined;
}

export interface HoldBackOptions {
  /** The longest hold, whatever the upstream asks (UPSTREAM_MAX_HOLD_SECONDS). */
  maxHoldMs: number;
  /** Shared by every replica when given; holds are also kept in process, and only there while Redis is away. */
  redis?: BoundedRedis | undefined;
  now: () => number;
  logger?: Logger | undefined;
  observer?: UpstreamObserver | undefined;
}

export interface HoldBack {
  /** Throws the hold's error, at once and with no request sent, while requests in this scope are held back. */
  check(scope: HoldScope): Promise<void>;
  /**
   * After a failed attempt: a 429, or a 503 with Retry-After, holds the scope back until the time
   * it gives (capped); a 429 without it, for a backoff of our own (1 s, doubling with each one in
   * a row, at most 32 s), which the error it returns then names as its retry time. Returns the
   * error to throw.
   */
  record(scope: HoldScope, error: unknown): Promise<unknown>;
  /** A success: the next 429 without Retry-After starts the backoff again from 1 s. */
  succeeded(scope: HoldScope): void;
}

interface Hold {
  until: number;
  status: number;
}

const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 32_000;
/** Scopes remembered in process: a few per upstream and key; bounded so no caller can grow it. */
const MAX_LOCAL = 10_000;

/** A 429 that gave no Retry-After, saying the wait toolgate chose instead (the retry policy waits as long). */
function withRetryAfter(error: UpstreamError, waitMs: number): UpstreamError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message = error.message.slice(error.upstream.length + 2).replace(`(HTTP ${error.statusCode})`, `(HTTP ${error.statusCode}, no Retry-After: retry in ${seconds} s)`);
  return new UpstreamError(message, {
    upstream: error.upstream, url: error.url, statusCode: error.statusCode, isRetryable: error.isRetryable, countsAsFailure: error.countsAsFailure,
    retryAfterMs: waitMs, body: error.body, upstreamMessage: error.upstreamMessage, kind: error.kind, cause: error.cause instanceof Error ? error.cause : undefined,
  });
}

const isHold = (value: unknown): value is Hold =>
  typeof value === 'object' && value !== null && typeof (value as Hold).until === 'number' && typeof (value as Hold).status === 'number';

/**
 * Holds back requests to an upstream that said when to come back (issue 41): a 429 or a 503 with
 * `Retry-After` (seconds or an HTTP date) stops further requests for that credential (and route)
 * until then, capped by `maxHoldMs`; a 429 without it, for a backoff of toolgate's own. Calls in
 * the window get the same error at once. Kept in Redis when there is one (a replica that learns
 * of a hold from Redis keeps it too), in process otherwise. Rate limits never touch the breaker.
 */
export function createHoldBack(options: HoldBackOptions): HoldBack {
  const { now, logger, observer } = options;
  const local = new Map<string, Hold>();
  const inARow = new Map<string, number>();
  const keyOf = (scope: HoldScope) =>
    `toolgate:hold:${createHash('sha256').update(JSON.stringify([scope.origin, scope.credential, scope.route ?? ''])).digest('base64url')}`;

  const remember = (key: string, scope: HoldScope, hold: Hold) => {
    // Full: ended holds go first, then the oldest (a Map iterates in insertion order).
    if (local.size >= MAX_LOCAL) for (const [stale, { until }] of local) if (until <= now()) local.delete(stale);
    for (const [stale] of local) {
      if (local.size < MAX_LOCAL) break;
      local.delete(stale);
    }
    local.set(key, hold);
    observer?.holdStarted?.({ upstream: scope.upstream, credential: scope.credential, ...(scope.route ? { route: scope.route } : {}), until: hold.until, statusCode: hold.status });
  };

  const shared = async (key: string): Promise<Hold | undefined> => {
    if (!options.redis) return undefined;
    try {
      const text = await options.redis.run((client) => client.get(key));
      const value: unknown = text === null ? undefined : JSON.parse(text);
      return isHold(value) ? value : undefined;
    } catch {
      // Redis away: the holds this process knows still apply.
      return undefined;
    }
  };

  return {
    async check(scope) {
      const key = keyOf(scope);
      let hold = local.get(key);
      if (!hold || hold.until <= now()) {
        const found = await shared(key);
        hold = found && found.until > now() ? found : undefined;
        if (hold) remember(key, scope, hold);
        else local.delete(key);
      }
      if (!hold) return;
      const waitMs = hold.until - now();
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      const what = hold.status === 429 ? 'rate limited' : 'unavailable';
      throw new UpstreamError(`${what} (HTTP ${hold.status}, retry in ${seconds} s, at ${new Date(hold.until).toISOString()}); held back until then, no request sent`, {
        upstream: scope.upstream, statusCode: hold.status, isRetryable: false, countsAsFailure: false, retryAfterMs: waitMs, kind: hold.status === 429 ? 'rate_limited' : 'server_error',
      });
    },
    async record(scope, error) {
      if (!(error instanceof UpstreamError)) return error;
      const status = error.statusCode;
      const told = error.retryAfterMs;
      if (!(status === 429 || (status === 503 && told !== undefined))) return error;
      const key = keyOf(scope);
      const count = inARow.get(key) ?? 0;
      // No Retry-After: a backoff of our own, said in the error as the upstream would have said it.
      const waitMs = told ?? Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** count);
      if (told === undefined) {
        if (inARow.size >= MAX_LOCAL) inARow.clear();
        inARow.set(key, count + 1);
      }
      const heldMs = Math.min(waitMs, options.maxHoldMs);
      if (heldMs > 0) {
        const hold = { until: now() + heldMs, status };
        remember(key, scope, hold);
        logger?.warn(
          { upstream: scope.upstream, credential: scope.credential, ...(scope.route ? { route: scope.route } : {}), statusCode: status, until: new Date(hold.until).toISOString() },
          'upstream asked to be left alone: requests held back until then',
        );
        if (options.redis) {
          await options.redis.run((client) => client.set(key, JSON.stringify(hold), 'PX', Math.ceil(heldMs))).catch(() => {
            // Redis away: held in this process only.
          });
        }
      }
      return told === undefined ? withRetryAfter(error, waitMs) : error;
    },
    succeeded(scope) {
      if (inARow.size > 0) inARow.delete(keyOf(scope));
    },
  };
}
