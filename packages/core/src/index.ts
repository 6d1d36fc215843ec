/**
 * The server's entry point, `@toolgate/core/server`: everything a process that serves packs (the
 * gateway, a pack's own service, a test) uses, and the pack author's names besides
 * (`@toolgate/core`, src/pack-api.ts), so a file that needs both imports one.
 */
export * from './pack-api.ts';
export { createDispatcher } from './mcp/dispatcher.ts';
export { recordCacheLookup } from './mcp/call-record.ts';
export { withCallerPolicy } from './mcp/caller-policy.ts';
export type { CallerPolicyOptions } from './mcp/caller-policy.ts';
export type { Dispatcher, DispatchContext } from './mcp/dispatch-context.ts';
export type { Dialect } from './protocol/revisions.ts';
export { openAiRootRefusal, openAiStrictRefusals, strictHostRefusals, toStrictForm } from './mcp/openai-strict.ts';
export { ErrorCode } from './protocol/error-codes.ts';
export { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from './protocol/revisions.ts';
export { createApp } from './server/create-app.ts';
export type { App, AppOptions } from './server/create-app.ts';
export type { MountedPack } from './pack-module.ts';
export type { Guard } from './protocol/guard.ts';
export type { RequestState } from './protocol/request-state.ts';
export { Refusal } from './protocol/refusal.ts';
export { createLogger, logFormatFor } from './logger.ts';
export type { LogFormat, Logger } from './logger.ts';
export { createMetrics } from './metrics.ts';
export { startTracing } from './observability/start-tracing.ts';
export type { Tracing } from './observability/tracing.ts';
export { tracingSettingsOf } from './observability/tracing-config.ts';
export type { TracingSettings } from './observability/tracing-config.ts';
export type { GatewayMetrics } from './metrics.ts';
export { combineUpstreamObservers } from './upstream-observer.ts';
export type { BreakerState, CacheResult, UpstreamAttempt, UpstreamAttemptResult, UpstreamAttemptScope, UpstreamHold, UpstreamObserver, UpstreamOutcome } from './upstream-observer.ts';
export { commaList, parseEnv, port, resolvePathVariables, segmentFor, serverEnvSchema } from './config.ts';
export type { ServerEnv } from './config.ts';
export { closeOnSignals, serve } from './serve.ts';
export type { RunningServer, ServeOptions } from './serve.ts';
export { runMain, startServer } from './start.ts';
export type { StartOptions } from './start.ts';
export { apiKeyAuth, presentedKey } from './security/api-key-auth.ts';
export { rateLimit } from './security/rate-limit.ts';
export { createGuards } from './security/create-guards.ts';
export type { Guards } from './security/create-guards.ts';
export { oauthConfigOf, securityEnvSchema } from './security/security-config.ts';
export { createTokenVerifier, InvalidTokenError } from './security/oauth/token-verifier.ts';
export type { TokenVerifier, VerifiedToken } from './security/oauth/token-verifier.ts';
export type { OAuthResourceConfig } from './security/oauth/resource.ts';
export { cors } from './http/cors.ts';
export { requestIdMaker } from './http/request-id.ts';
export type { SecurityEnv } from './security/security-config.ts';
export { connectBoundedRedis, RedisUnavailableError } from './redis/bounded-redis.ts';
export { redisCommandTimeoutMs, redisUrl } from './redis/redis-settings.ts';
export type { BoundedRedis, BoundedRedisOptions } from './redis/bounded-redis.ts';
export { createFallbackLimiter } from './redis/fallback-limiter.ts';
export type { CountingLimiter } from './redis/fallback-limiter.ts';
export { redactUrls } from './redact-urls.ts';
export { createCombinedDispatcher } from './mcp/combined-dispatcher.ts';
export { combinedSelection } from './mcp/combined-selection.ts';
export { METHODS } from './mcp/method-table.ts';
export { withView } from './mcp/views.ts';
export { nestsDeeperThan } from './protocol/json-depth.ts';
