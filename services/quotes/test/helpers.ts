import { createApp, createLogger, createMetrics } from '@toolgate/core/server';
import { Ajv2020 } from 'ajv/dist/2020.js';
import request from 'supertest';
import { QUOTABLE_DATA_DIR, STARTER_DATA_DIR } from '../src/pack.ts';
import { loadQuotesPack } from '../src/quotes-pack.ts';
import type { RandomSource } from '../src/engine/sample.ts';
export { seededRandom } from '../src/engine/seeded-random.ts';

export { QUOTABLE_DATA_DIR };

export const CORPORA = [
  ['starter', STARTER_DATA_DIR],
  ['Quotable', QUOTABLE_DATA_DIR],
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

type App = Awaited<ReturnType<typeof createQuotesApp>>['app'];

/**
 * Lists the app's tools and returns a caller for them: every call must answer HTTP 200, and a
 * successful result's structuredContent must validate against the outputSchema the pack publishes.
 */
export async function toolCaller(app: App) {
  const listed = await request(app).post('/quotes/mcp').send({ jsonrpc: '2.0', id: 0, method: 'tools/list' });
  const tools = listed.body.result.tools as { name: string; inputSchema: Record<string, any>; outputSchema: Record<string, any>; annotations?: Record<string, unknown> }[];
  const ajv = new Ajv2020({ strict: false });
  const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema)]));
  const call = async (name: string, args: Record<string, unknown>) => {
    const response = await request(app).post('/quotes/mcp').send(toolCall(name, args));
    if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status}`);
    const result = response.body.result;
    if (!result.isError && !validators.get(name)!(result.structuredContent)) {
      throw new Error(`${name}: structuredContent does not match the outputSchema: ${JSON.stringify(validators.get(name)!.errors)}`);
    }
    return result;
  };
  return { tools, call };
}
