import type { RequestListener } from 'node:http';
import { startServer } from '@toolgate/core';
import { packModules } from '@toolgate/gateway';
import { GATEWAY_BENCH_ENV } from '../gateway-env.ts';
import { createFeatureFloorHandler } from '../feature-floor-handler.ts';
import { nodeHttpHandler } from '../node-http-handler.ts';

export const IN_PROCESS_TARGETS = ['node-http', 'feature-floor', 'gateway'] as const;
export type InProcessTarget = (typeof IN_PROCESS_TARGETS)[number];

/**
 * The request listener a target's server runs. The gateway is started as `pnpm start` starts
 * it (it also listens, unused), and its server's own listener is called, drain tracking included.
 */
export async function listenerFor(target: InProcessTarget): Promise<{ listener: RequestListener; close(): Promise<void> }> {
  if (target === 'node-http') return { listener: nodeHttpHandler, close: async () => undefined };
  if (target === 'feature-floor') return { listener: createFeatureFloorHandler(), close: async () => undefined };
  const running = await startServer({ service: 'gateway', modules: packModules, defaultPort: 0, env: { ...process.env, ...GATEWAY_BENCH_ENV } });
  const { server } = running;
  return { listener: (request, response) => server.emit('request', request, response), close: () => running.close() };
}
