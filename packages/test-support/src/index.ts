export { startRedisServer } from './redis-server.ts';
export type { RedisServer } from './redis-server.ts';
export { startAuthorizationServer } from './authorization-server.ts';
export type { AuthorizationServer } from './authorization-server.ts';
export { MemoryOAuthProvider } from './memory-oauth-provider.ts';
export { freePort } from './free-port.ts';
export { openStalledBody, probeHealthz } from './load-probes.ts';
export { launchChromium, watchedPage } from './chromium.ts';
export type { Browser, WatchedPage } from './chromium.ts';
