import { redisCommandTimeoutMs, redisUrl } from '@toolgate/core/upstream';
import { z } from 'zod';

/** Variables every pack with an upstream reads; packs `.extend` their own schema with these. */
export const upstreamEnvShape = {
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /** The longest an upstream that said "429, retry after …" is left alone, whatever it asked (a day is asked again within the hour by default). */
  UPSTREAM_MAX_HOLD_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(3600),
  REDIS_URL: redisUrl,
  /** The longest one Redis command may take; past it (or while Redis is down) the shared cache is skipped. */
  REDIS_COMMAND_TIMEOUT_MS: redisCommandTimeoutMs,
};
