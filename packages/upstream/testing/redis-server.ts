import { Redis } from 'ioredis';

// The Redis starter lives in @toolgate/test-support so that core's tests share it too;
// re-exported under the names the packs' tests already use.
export { startRedisServer as startRedis } from '@toolgate/test-support';
export type { RedisServer as RunningRedis } from '@toolgate/test-support';

/** A plain connection, for tests that look into what the shared cache wrote. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
}
