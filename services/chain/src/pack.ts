import { definePackModule } from '@toolgate/core';
import { createChainPack } from './chain-pack.ts';
import { chainEnvSchema } from './config.ts';

export const chainPackModule = definePackModule({
  name: 'chain',
  defaultPort: 8081,
  envSchema: chainEnvSchema,
  create(config, { logger }) {
    const { pack, chains } = createChainPack({ config });
    // Which provider, never the key.
    logger.info({ chains: chains.slugs.length, alchemy: Boolean(config.ALCHEMY_API_KEY) }, 'chain pack ready');
    return { pack };
  },
});
