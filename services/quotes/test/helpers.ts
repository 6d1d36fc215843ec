import { fileURLToPath } from 'node:url';
import { createApp, createLogger, createMetrics } from '@toolgate/core';
import { loadQuotesPack, STARTER_DATA_DIR } from '../src/pack.ts';
import type { RandomSource } from '../src/engine/sample.ts';
export { seededRandom } from '../src/engine/seeded-random.ts';

/** The full Quotable corpus beside the project (never copied into it). */
export const SHARED_DATA_DIR = fileURLToPath(new URL('../../../../shared/data/quotable/', import.meta.url));

export const CORPORA = [
  ['starter', STARTER_DATA_DIR],
  ['shared Quotable', SHARED_DATA_DIR],
] as const;

export async function createQuotesApp(directory: string, random?: RandomSource) {
  const { engine, pack } = await loadQuotesPack(directory, random ? { random } : {});
  const app = createApp({
    packs: [{ pack, segment: 'quotes' }],
    logger: createLogger({ level: 'silent' }),
    metrics: createMetrics({ collectProcessMetrics: false }),
  });
  return { app, engine, pack };
}

export const toolCall = (name: string, args: Record<string, unknown>, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
