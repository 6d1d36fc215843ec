import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { RateLimiterCluster, RateLimiterMemory } from 'rate-limiter-flexible';
import { connectBoundedRedis, type BoundedRedis } from '../redis/bounded-redis.ts';
import { createFallbackLimiter, type CountingLimiter } from '../redis/fallback-limiter.ts';
import type { Guard } from '../protocol/guard.ts';
import { apiKeyAuth } from './api-key-auth.ts';
import { authFailureLimit } from './auth-failure-limit.ts';
import { rateLimit } from './rate-limit.ts';
import { createTokenVerifier } from './oauth/token-verifier.ts';
import { securitySettingsOf, type SecurityEnv, type SecuritySettings } from './security-config.ts';
import type { CallBudget } from '../protocol/caller.ts';
import { createCallBudget } from './policy/call-budget.ts';

export interface Guards {
  /** The checks every MCP request passes, in order: failed-auth limit, auth, then rate limit (so a verified key is the client). */
  handlers: Guard[];
  /** Per-caller minute limits and daily quotas (API_KEYS_FILE, token scopes), counted where Redis counts the rest. */
  budget?: CallBudget;
  /** Releases the Redis connection, if any. */
  close(): Promise<void>;
}

const WINDOW_SECONDS = 60;

/** Waits a little for Redis at start, then goes on without it (counting in memory until it is there). */
async function connectRedis(url: string, commandTimeoutMs: number, logger: Logger): Promise<BoundedRedis> {
  const redis = connectBoundedRedis({ url, name: 'toolgate-rate-limit', commandTimeoutMs, logger });
  if (!(await redis.connected(3_000))) logger.warn('rate-limit Redis is not reachable yet; counting in process memory until it is');
  return redis;
}

function memoryLimiter(points: number, keyPrefix: string): RateLimiterMemory {
  return new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
}

/** Counts in Redis when there is one (in memory while it is away), else in this process (or its cluster). */
function limiterFor(points: number, keyPrefix: string, redis: BoundedRedis | undefined): CountingLimiter {
  if (!redis) return processLimiter(points, keyPrefix);
  return createFallbackLimiter({ redis, points, durationSeconds: WINDOW_SECONDS, keyPrefix });
}

/**
 * Without Redis, the workers of one cluster (WORKERS > 1) count in the primary's memory over
 * IPC, so a client's budget is the same whichever worker its requests land on.
 */
function processLimiter(points: number, keyPrefix: string): CountingLimiter {
  if (!cluster.isWorker) return memoryLimiter(points, keyPrefix);
  return new RateLimiterCluster({ points, duration: WINDOW_SECONDS, keyPrefix, timeoutMs: 1_000 });
}

/** Builds the MCP-route guards that the security variables ask for (none when none are set). */
export async function createGuards(config: SecurityEnv, logger: Logger, settings: SecuritySettings = securitySettingsOf(config)): Promise<Guards> {
  const handlers: Guard[] = [];
  const { oauth, keyed } = settings;
  const limit = config.RATE_LIMIT_PER_MINUTE;
  const redis = config.REDIS_URL && (limit !== undefined || keyed) ? await connectRedis(config.REDIS_URL, config.REDIS_COMMAND_TIMEOUT_MS, logger) : undefined;
  if (keyed) {
    const failures = authFailureLimit({
      limiter: limiterFor(config.AUTH_FAILURES_PER_MINUTE, 'toolgate-auth-failures', redis),
      limit: config.AUTH_FAILURES_PER_MINUTE,
      logger,
    });
    const tokens = oauth && { config: oauth, verify: createTokenVerifier(oauth) };
    handlers.push(failures.guard, apiKeyAuth({ keys: config.API_KEYS ?? [], namedKeys: config.API_KEYS_FILE ?? [], logger, onRejected: failures.record, oauth: tokens }));
  }
  // Only named keys and tokens can carry limits (an API_KEYS key has none).
  const budget = config.API_KEYS_FILE || oauth ? createCallBudget({ redis, logger }) : undefined;
  if (limit !== undefined) handlers.push(rateLimit({ limiter: limiterFor(limit, 'toolgate-rl', redis), limit, logger }));
  logger.info(
    {
      auth: keyed,
      oauthIssuer: oauth?.issuer ?? null,
      apiKeys: config.API_KEYS?.length ?? 0,
      namedKeys: config.API_KEYS_FILE?.length ?? 0,
      authFailuresPerMinute: keyed ? config.AUTH_FAILURES_PER_MINUTE : null,
      rateLimitPerMinute: limit ?? null,
      rateLimitStore: redis ? 'redis' : cluster.isWorker ? 'cluster primary' : 'memory',
    },
    'MCP route guards',
  );
  return {
    handlers,
    ...(budget ? { budget } : {}),
    async close() {
      await redis?.close();
    },
  };
}
