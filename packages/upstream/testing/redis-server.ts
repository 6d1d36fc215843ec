// The Redis starter lives in @toolgate/test-support so that core's tests share it too;
// re-exported under the names the packs' tests already use.
export { startRedisServer as startRedis } from '@toolgate/test-support';
export type { RedisServer as RunningRedis } from '@toolgate/test-support';
