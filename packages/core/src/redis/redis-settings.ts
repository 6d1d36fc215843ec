import { z } from 'zod';

// Apart from bounded-redis.ts so that a pack's settings (upstream's env shape) can name them
// without loading ioredis.

/**
 * REDIS_URL, read alike by the guards and every pack's cache (so a bad value is one problem,
 * named once). Blank is unset; the message never echoes the URL: it may hold a password.
 */
export const redisUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .pipe(z.url({ protocol: /^rediss?$/, error: 'not a redis:// or rediss:// URL (as redis://host:6379)' }).optional());

/** REDIS_COMMAND_TIMEOUT_MS: the longest one Redis command may take before its caller falls back. */
export const redisCommandTimeoutMs = z.coerce.number().int().min(10).max(10_000).default(250);
