/**
 * `@toolgate/core/upstream`: what @toolgate/upstream (the client a pack's tools call the internet
 * through) shares with the server: the call record its caches report to, the observer hook, URL
 * redaction, the Redis setting and the Redis-or-memory limiter. A pack imports its upstream client,
 * so this loads no more than the pack's entry point does (zod, plus rate-limiter-flexible): no
 * HTTP server, tracing, metrics or ioredis (test/pack-api-imports.test.ts watches). The Redis
 * connection itself is `@toolgate/core/redis`, imported only when REDIS_URL is set.
 */
export { recordCacheLookup } from './mcp/call-record.ts';
export { combineUpstreamObservers } from './upstream-observer.ts';
export type { BreakerState, CacheResult, UpstreamAttempt, UpstreamAttemptResult, UpstreamAttemptScope, UpstreamHold, UpstreamObserver, UpstreamOutcome } from './upstream-observer.ts';
export { redactUrls } from './redact-urls.ts';
export { redisCommandTimeoutMs, redisUrl } from './redis/redis-settings.ts';
export { createFallbackLimiter } from './redis/fallback-limiter.ts';
export type { CountingLimiter } from './redis/fallback-limiter.ts';
export type { BoundedRedis, BoundedRedisOptions } from './redis/bounded-redis.ts';
export type { Logger } from 'pino';
