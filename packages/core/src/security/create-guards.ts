import cluster from 'node:cluster';
import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { apiKeyAuth } from './api-key-auth.ts';
import { authFailureLimit } from './auth-failure-limit.ts';
import { rateLimit } from './rate-limit.ts';
import { createTokenVerifier } from './oauth/token-verifier.ts';
import { oauthConfigOf, type SecurityEnv } from './security-config.ts';

export interface Guards {
  /** Middleware for every MCP route, in order: failed-auth limit, auth, then rate limit (so a verified key is the client). */
  handlers: RequestHandler[];
  /** Releases the Redis connection, if any. */
  close(): Promise<void>;
}

const WINDOW_SECONDS = 60;

async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  // No offline queue: while Redis is away, counting fails at once and the in-memory
  // insurance limiter answers, instead of requests piling up behind a dead connection.
  // A short disconnectTimeout: ioredis arms it even for a socket that is already gone, and
  // it would otherwise hold the process open for 2 s after a Redis outage.
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'toolgate-rate-limit',
    disconnectTimeout: 200,
  });
  redis.on('error', (error: Error) => logger.warn({ err: { message: error.message } }, 'rate-limit Redis connection failed'));
  let timer: NodeJS.Timeout | undefined;
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true))),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(resolve, 3_000, false);
    }),
  ]);
  clearTimeout(timer);
  if (!ready) logger.warn('rate-limit Redis is not reachable yet; counting in process memory until it is');
  return redis;
}

function memoryLimiter(points: number, keyPrefix: string): RateLimiterMemory {
  return new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
}

/** Counts in Redis when there is one (with an in-memory fallback), else in this process (or its cluster). */
function limiterFor(points: number, keyPrefix: string, redis: Redis | undefined): RateLimiterAbstract {
  if (!redis) return processLimiter(points, keyPrefix);
  return new RateLimiterRedis({ storeClient: redis, points, duration: WINDOW_SECONDS, keyPrefix, insuranceLimiter: memoryLimiter(points, keyPrefix) });
}

/**
 * Without Redis, the workers of one cluster (WORKERS > 1) count in the primary's memory over
 * IPC, so a client's budget is the same whichever worker its requests land on.
 */
function processLimiter(points: number, keyPrefix: string): RateLimiterAbstract {
  if (!cluster.isWorker) return memoryLimiter(points, keyPrefix);
  return new RateLimiterCluster({ points, duration: WINDOW_SECONDS, keyPrefix, timeoutMs: 1_000 });
}

/** Builds the MCP-route guards that the security variables ask for (none when none are set). */
export async function createGuards(config: SecurityEnv, logger: Logger): Promise<Guards> {
  const handlers: RequestHandler[] = [];
  const oauth = oauthConfigOf(config);
  const limit = config.RATE_LIMIT_PER_MINUTE;
  const redis = config.REDIS_URL && (limit !== undefined || config.API_KEYS || oauth) ? await connectRedis(config.REDIS_URL, logger) : undefined;
  if (config.API_KEYS || oauth) {
    const failures = authFailureLimit({
      limiter: limiterFor(config.AUTH_FAILURES_PER_MINUTE, 'toolgate-auth-failures', redis),
      limit: config.AUTH_FAILURES_PER_MINUTE,
      logger,
    });
    const tokens = oauth && { config: oauth, verify: createTokenVerifier(oauth) };
    handlers.push(failures.guard, apiKeyAuth({ keys: config.API_KEYS ?? [], logger, onRejected: failures.record, oauth: tokens }));
  }
  if (limit !== undefined) handlers.push(rateLimit({ limiter: limiterFor(limit, 'toolgate-rl', redis), limit, logger }));
  logger.info(
    {
      auth: Boolean(config.API_KEYS || oauth),
      oauthIssuer: oauth?.issuer ?? null,
      apiKeys: config.API_KEYS?.length ?? 0,
      authFailuresPerMinute: config.API_KEYS || oauth ? config.AUTH_FAILURES_PER_MINUTE : null,
      rateLimitPerMinute: limit ?? null,
      rateLimitStore: redis ? 'redis' : cluster.isWorker ? 'cluster primary' : 'memory',
    },
    'MCP route guards',
  );
  return {
    handlers,
    async close() {
      if (!redis) return;
      // quit() lets pending commands finish; a connection that is down has none, and
      // disconnect() also stops ioredis from reconnecting in the background.
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      redis.disconnect();
    },
  };
}
