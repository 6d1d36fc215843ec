import { definePackModule } from '@toolgate/core';
import { createStores } from '@toolgate/upstream';
import { createChainPack } from './chain-pack.ts';
import { chainEnvSchema } from './config.ts';

export const chainPackModule = definePackModule({
  name: 'chain',
  defaultPort: 8081,
  envSchema: chainEnvSchema,
  async create(config, { logger, upstreamObserver }) {
    // Redis when REDIS_URL is set (replicas share metadata), lru-cache in process otherwise.
    const stores = await createStores({ redisUrl: config.REDIS_URL, redisCommandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger, maxEntries: 10_000 });
    const { pack, chains } = createChainPack({ config, cache: stores.cache, redis: stores.redis, logger, observer: upstreamObserver });
    // Which provider, never the key.
    logger.info({ chains: chains.slugs.length, alchemy: Boolean(config.ALCHEMY_API_KEY), sharedCache: Boolean(config.REDIS_URL) }, 'chain pack ready');
    return { pack, close: () => stores.close() };
  },
});
