import { fileURLToPath } from 'node:url';
import { definePackModule } from '@toolgate/core';
import { z } from 'zod';
import { loadQuotesPack } from './quotes-pack.ts';

/** The corpus that ships with the package, so the pack works with no download. */
export const STARTER_DATA_DIR = fileURLToPath(new URL('../data/starter/', import.meta.url));

export const quotesEnvSchema = z.object({
  QUOTES_DATA_DIR: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || STARTER_DATA_DIR),
});

export const quotesPackModule = definePackModule({
  name: 'quotes',
  defaultPort: 8085,
  envSchema: quotesEnvSchema,
  async create(config, { logger }) {
    const { engine, pack } = await loadQuotesPack(config.QUOTES_DATA_DIR);
    logger.info({ directory: config.QUOTES_DATA_DIR, quotes: engine.size }, 'quote corpus loaded');
    return { pack };
  },
});
