import { fileURLToPath } from 'node:url';
import { createApp, createLogger, createMetrics } from '@toolgate/core';
import { loadQuotesPack, STARTER_DATA_DIR } from '../src/pack.ts';
import type { RandomSource } from '../src/engine/sample.ts';

/** The full Quotable corpus beside the project (never copied into it). */
export const SHARED_DATA_DIR = fileURLToPath(new URL('../../../../shared/data/quotable/', import.meta.url));

export const CORPORA = [
  ['starter', STARTER_DATA_DIR],
  ['shared Quotable', SHARED_DATA_DIR],
] as const;

/** mulberry32: a tiny seeded generator, so statistical tests give the same draws every run. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

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
