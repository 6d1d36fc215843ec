import { startServer } from '@toolgate/core';
import { packModules } from '@toolgate/gateway';
import { announceToParent } from './serve-in-child.ts';

/**
 * The all-in-one gateway as `pnpm start` runs it: every pack loaded, metrics, request ids and
 * the logger at `info`, started by the same startServer the gateway's main calls. The
 * benchmark calls the quotes pack's random_quote, mounted at /bench/mcp like every other server's tool.
 */
const running = await startServer({
  service: 'gateway',
  modules: packModules,
  defaultPort: 0,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '1', QUOTES_SEGMENT: 'bench' },
});
announceToParent(running.server);
