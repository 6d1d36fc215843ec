import { Writable } from 'node:stream';
import { createApp, createLogger, createMetrics, parseEnv } from '@toolgate/core/server';
import request from 'supertest';
import { createChainPack, type ChainPackOptions } from '../../src/chain-pack.ts';
import { chainEnvSchema } from '../../src/config.ts';

/** The chain pack served by the real core app, with its log lines captured. */
export function buildChainApp(env: Record<string, string>, options: Omit<ChainPackOptions, 'config'> = {}) {
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: 'trace', destination });
  const config = parseEnv(chainEnvSchema, env);
  const { pack } = createChainPack({ config, logger, ...options });
  const app = createApp({ packs: [{ pack, segment: 'chain' }], logger, metrics: createMetrics({ collectProcessMetrics: false }) });

  const call = async (name: string, args: Record<string, unknown>) => {
    const response = await request(app)
      .post('/chain/mcp')
      .set('content-type', 'application/json')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${response.text}`);
    return response.body.result as { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[] };
  };
  return { app, call, logLines, text: (result: { content: { text: string }[] }) => result.content[0]!.text };
}
