import { startServer } from '@toolgate/core/server';
import { packModules } from '@toolgate/gateway';
import { GATEWAY_BENCH_ENV } from '../gateway-env.ts';
import { announceToParent } from './serve-in-child.ts';

/**
 * The all-in-one gateway as `pnpm start` runs it, started by the same startServer the gateway's
 * main calls. The benchmark calls the quotes pack's random_quote.
 */
const running = await startServer({ service: 'gateway', modules: packModules, defaultPort: 0, env: { ...process.env, ...GATEWAY_BENCH_ENV } });
announceToParent(running.server);
