import cluster from 'node:cluster';
import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { apiKeyAuth } from './api-key-auth.ts';
import { rateLimit } from './rate-limit.ts';
import type { SecurityEnv } from './security-config.ts';

export interface Guards {
  /** Middleware for every MCP route, in order: auth, then rate limit (so a verified key is the client). */
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

function memoryLimiter(points: number): RateLimiterMemory {
  return new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: 'toolgate-rl' });
}

/**
 * Without Redis, the workers of one cluster (WORKERS > 1) count in the primary's memory over
 * IPC, so a client's budget is the same whichever worker its requests land on.
 */
function processLimiter(points: number): RateLimiterAbstract {
  if (!cluster.isWorker) return memoryLimiter(points);
  return new RateLimiterCluster({ points, duration: WINDOW_SECONDS, keyPrefix: 'toolgate-rl', timeoutMs: 1_000 });
}

/** Builds the MCP-route guards that the security variables ask for (none when none are set). */
export async function createGuards(config: SecurityEnv, logger: Logger): Promise<Guards> {
  const handlers: RequestHandler[] = [];
  let redis: Redis | undefined;
  if (config.API_KEYS) handlers.push(apiKeyAuth({ keys: config.API_KEYS, logger }));
  const limit = config.RATE_LIMIT_PER_MINUTE;
  if (limit !== undefined) {
    let limiter = processLimiter(limit);
    if (config.REDIS_URL) {
      redis = await connectRedis(config.REDIS_URL, logger);
      limiter = new RateLimiterRedis({
        storeClient: redis,
        points: limit,
        duration: WINDOW_SECONDS,
        keyPrefix: 'toolgate-rl',
        insuranceLimiter: memoryLimiter(limit),
      });
    }
    handlers.push(rateLimit({ limiter, limit, logger }));
  }
  logger.info(
    { auth: Boolean(config.API_KEYS), apiKeys: config.API_KEYS?.length ?? 0, rateLimitPerMinute: limit ?? null, rateLimitStore: redis ? 'redis' : cluster.isWorker ? 'cluster primary' : 'memory' },
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
