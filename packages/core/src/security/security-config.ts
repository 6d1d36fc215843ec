import { z } from 'zod';
import { commaList } from '../config.ts';
import { trustProxySchema } from './trust-proxy.ts';

/**
 * The variables that guard the MCP routes. Kept apart from serverEnvSchema so a process
 * that does not want them (a test, a tool) never sees them.
 */
export const securityEnvSchema = z.object({
  /** Comma-separated; set → every MCP request needs one of them. Unset → open, as the spec. */
  API_KEYS: commaList,
  /** Requests per minute per client (verified key, else IP). Unset → no limit. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Shares rate-limit counters between replicas. The message never echoes the URL: it may hold a password. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// URL' }).optional(),
  /** Failed authentications per client address per minute (with API_KEYS); past it → 429. */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Proxies whose X-Forwarded-For is believed; unset → none (see trust-proxy.ts). */
  TRUST_PROXY: trustProxySchema,
});

export type SecurityEnv = z.infer<typeof securityEnvSchema>;
