import { z } from 'zod';
import { definePackModule } from '@toolgate/core';
import { createRequestLimiter, createStores, createUpstreamClient, upstreamEnvShape } from '@toolgate/upstream';
import { createSportsPack } from './sports-pack.ts';
import { createSportsDbApi } from './upstream/client.ts';
import type { ManifestEnvShape } from './manifest-env.ts';

/** The pack's own variables: exactly those its manifest declares (package.json's toolgate.env; src/manifest-env.ts). */
const ownVariables = {
  // TheSportsDB's free public key (`123`; `3` too) caps most lists at 1 to 10 rows; a premium key lifts the caps and the rate limit.
  THESPORTSDB_API_KEY: z.string().trim().min(1).default('123'),
  THESPORTSDB_BASE_URL: z.url().default('https://www.thesportsdb.com/api/v1/json'),
  THESPORTSDB_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
} satisfies ManifestEnvShape;

export const sportsEnvSchema = z.object({ ...ownVariables, ...upstreamEnvShape });

export const sportsModule = definePackModule({
  name: 'sports',
  defaultPort: 8084,
  envSchema: sportsEnvSchema,
  async create(config, { logger, upstreamObserver }) {
    const stores = await createStores({ redisUrl: config.REDIS_URL, redisCommandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger });
    const upstream = createUpstreamClient({
      name: 'TheSportsDB',
      baseUrl: config.THESPORTSDB_BASE_URL,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      cache: stores.cache,
      maxHoldMs: config.UPSTREAM_MAX_HOLD_SECONDS * 1000,
      redis: stores.redis,
      secrets: [config.THESPORTSDB_API_KEY],
      // Over-quota keys get banned: stay under the free tier's limit, shared across replicas via Redis.
      limiter: createRequestLimiter({ upstream: 'TheSportsDB', requestsPerMinute: config.THESPORTSDB_REQUESTS_PER_MINUTE, redis: stores.redis }),
      logger,
      observer: upstreamObserver,
    });
    return {
      pack: createSportsPack(createSportsDbApi(upstream, config.THESPORTSDB_API_KEY)),
      close: async () => {
        await upstream.close();
        await stores.close();
      },
    };
  },
});
