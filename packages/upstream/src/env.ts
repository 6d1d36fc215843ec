import { redisCommandTimeoutMs, redisUrl } from '@toolgate/core/upstream';
import { z } from 'zod';

/** Variables every pack with an upstream reads; packs `.extend` their own schema with these. */
export const upstreamEnvShape = {
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  REDIS_URL: redisUrl,
  /** The longest one Redis command may take; past it (or while Redis is down) the shared cache is skipped. */
  REDIS_COMMAND_TIMEOUT_MS: redisCommandTimeoutMs,
};
