/**
 * The all-in-one gateway as `pnpm start` runs it (every pack, metrics, request ids, the logger
 * at `info`), on a free loopback port, one process, with the quotes pack mounted at /bench/mcp
 * like every other server's tool.
 */
export const GATEWAY_BENCH_ENV = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '1', QUOTES_SEGMENT: 'bench' };
