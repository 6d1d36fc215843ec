export { startRedisServer } from './redis-server.ts';
export type { RedisServer } from './redis-server.ts';
