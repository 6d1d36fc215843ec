import request from 'supertest';
import { createApp, createLogger, createMetrics, parseEnv, type BuiltPack, type PackModule } from '@toolgate/core/server';

export interface PackHarness {
  built: BuiltPack;
  app: ReturnType<typeof createApp>;
  /** A spec-style bare `tools/call`; returns the JSON-RPC `result`. */
  call(tool: string, args?: Record<string, unknown>): Promise<{ structuredContent?: any; content: { text: string }[]; isError?: boolean }>;
  listTools(): Promise<{ name: string }[]>;
  /** Any other request (prompts/get, completion/complete, …): the whole JSON-RPC answer, result or error. */
  request(method: string, params?: Record<string, unknown>): Promise<{ result?: any; error?: { code: number; message: string; data?: any } }>;
  close(): Promise<void>;
}

/** Builds a pack module exactly as a service would (env parsed by its schema), mounted at its name. */
export async function startPack(module: PackModule, env: Record<string, string>): Promise<PackHarness> {
  const logger = createLogger({ level: 'silent' });
  // Metrics watch the pack's upstream clients as in a service, so every pack test runs with the observer in place.
  const metrics = createMetrics({ collectProcessMetrics: false });
  const built = await module.create(parseEnv(module.envSchema, env), { logger, upstreamObserver: metrics.upstream });
  const app = createApp({ packs: [{ pack: built.pack, segment: module.name }], logger, metrics });
  let id = 0;
  const rpc = async (method: string, params: unknown) => {
    id += 1;
    const response = await request(app).post(`/${module.name}/mcp`).set('content-type', 'application/json').send({ jsonrpc: '2.0', id, method, params });
    if (response.status !== 200 || !response.body.result) throw new Error(`unexpected answer ${response.status}: ${response.text}`);
    return response.body.result;
  };
  return {
    built,
    app,
    call: (tool, args = {}) => rpc('tools/call', { name: tool, arguments: args }),
    listTools: async () => (await rpc('tools/list', {})).tools,
    request: async (method, params = {}) => {
      id += 1;
      return (await request(app).post(`/${module.name}/mcp`).set('content-type', 'application/json').send({ jsonrpc: '2.0', id, method, params })).body;
    },
    close: async () => {
      await built.close?.();
    },
  };
}
