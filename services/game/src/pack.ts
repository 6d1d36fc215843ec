import { z } from 'zod';
import { definePackModule } from '@toolgate/core';
import { createStores, createUpstreamClient, upstreamEnvShape } from '@toolgate/upstream';
import { createGamePack } from './app.ts';
import { createBrawlifySource, createOfficialSource } from './upstream/client.ts';

export const gameEnvSchema = z.object({
  BRAWLSTARS_API_TOKEN: z.string().trim().optional().transform((value) => value || undefined),
  BRAWLSTARS_BASE_URL: z.url().default('https://api.brawlstars.com/v1'),
  BRAWLIFY_BASE_URL: z.url().default('https://api.brawlify.com/v1'),
  ...upstreamEnvShape,
});

export const gameModule = definePackModule({
  name: 'game',
  defaultPort: 8083,
  envSchema: gameEnvSchema,
  create(config, { logger }) {
    const stores = createStores({ redisUrl: config.REDIS_URL, logger });
    const token = config.BRAWLSTARS_API_TOKEN;
    // The official API when there is a token; Brawlify (keyless) otherwise.
    const upstream = token
      ? createUpstreamClient({
          name: 'Brawl Stars API',
          baseUrl: config.BRAWLSTARS_BASE_URL,
          headers: { authorization: `Bearer ${token}` },
          secrets: [token],
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
          cache: stores.cache,
          logger,
        })
      : createUpstreamClient({ name: 'Brawlify', baseUrl: config.BRAWLIFY_BASE_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, cache: stores.cache, logger });
    logger.info({ source: upstream.name }, 'event rotation source');
    const source = token ? createOfficialSource(upstream) : createBrawlifySource(upstream);
    return {
      pack: createGamePack(source),
      close: async () => {
        await upstream.close();
        await stores.close();
      },
    };
  },
});
