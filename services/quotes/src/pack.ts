import { fileURLToPath } from 'node:url';
import { ConfigError, definePackModule } from '@toolgate/core';
import { z } from 'zod';
import { CorpusError } from './corpus/read-rows.ts';
import { loadQuotesPack } from './quotes-pack.ts';
import type { ManifestEnvShape } from './manifest-env.ts';

/** The corpus `pnpm start` serves: 410 public-domain quotations, each attributed to its source. */
export const STARTER_DATA_DIR = fileURLToPath(new URL('../data/starter/', import.meta.url));
/** The full Quotable corpus (2,127 quotes, MIT), committed as data:fetch pins it (data/quotable/SOURCES.md). */
export const QUOTABLE_DATA_DIR = fileURLToPath(new URL('../data/quotable/', import.meta.url));

/** The pack's own variables: exactly those its manifest declares (package.json's toolgate.env; src/manifest-env.ts). */
const ownVariables = {
  QUOTES_DATA_DIR: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || STARTER_DATA_DIR),
} satisfies ManifestEnvShape;

export const quotesEnvSchema = z.object(ownVariables);

export const quotesPackModule = definePackModule({
  name: 'quotes',
  defaultPort: 8085,
  envSchema: quotesEnvSchema,
  async create(config, { logger }) {
    const { engine, pack } = await loadQuotesPack(config.QUOTES_DATA_DIR).catch((error: unknown) => {
      // The corpus is configuration: the message names the variable and the file it led to.
      throw error instanceof CorpusError ? new ConfigError(`invalid configuration:\n  QUOTES_DATA_DIR: ${error.message}`) : error;
    });
    logger.info({ directory: config.QUOTES_DATA_DIR, quotes: engine.size }, 'quote corpus loaded');
    return { pack };
  },
});
