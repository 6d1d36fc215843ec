import { createHash } from 'node:crypto';
import { z } from 'zod';
import { commaList } from '../config.ts';
import { redisCommandTimeoutMs, redisUrl } from '../redis/redis-settings.ts';
import type { OAuthResourceConfig } from './oauth/resource.ts';
import { trustProxySchema } from '../http/client-address.ts';
import { PolicyFileError, readPolicyFile } from './policy/policy-file.ts';

const httpUrl = (what: string) => z.url({ protocol: /^https?$/, error: `${what}: an http:// or https:// URL` }).optional();

/**
 * The variables that guard the MCP routes. Kept apart from serverEnvSchema so a process
 * that does not want them (a test, a tool) never sees them.
 */
export const securityEnvSchema = z.object({
  /** Comma-separated; set → every MCP request needs one of them. Unset → open, as the spec. */
  API_KEYS: commaList,
  /** A JSON or YAML file of named keys, each with its packs, tools, limit and quota (docs/security.md); read once at start. */
  API_KEYS_FILE: z
    .string()
    .trim()
    .optional()
    .transform((path, context) => {
      if (!path) return undefined;
      try {
        return readPolicyFile(path);
      } catch (error) {
        if (!(error instanceof PolicyFileError)) throw error;
        context.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  /** One audit line per tool call (docs/security.md). Unset: on when callers are identified (API_KEYS, API_KEYS_FILE, OAUTH_ISSUER). */
  AUDIT_LOG: z.stringbool().optional(),
  /** Audit lines (one per tool call) also carry its arguments and result; off by default, as they may hold what users typed. */
  AUDIT_ARGUMENTS: z.stringbool().default(false),
  /**
   * Signs what clients hold between requests: 2025-era session ids and 2026-07-28 round state
   * (docs/protocol.md#sessions). The same value on every replica lets any of them take a session or
   * a round up; unset, each process draws its own.
   */
  STATE_SECRET: z.string().min(32, 'STATE_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
  /** Requests per minute per client (verified key, else IP). Unset → no limit. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Shares rate-limit counters between replicas. */
  REDIS_URL: redisUrl,
  /** The longest one Redis command may take; past it (or while Redis is down) counting falls back to memory. */
  REDIS_COMMAND_TIMEOUT_MS: redisCommandTimeoutMs,
  /** Failed authentications per client address per minute (with API_KEYS); past it → 429. */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Proxies whose X-Forwarded-For is believed; unset → none (see http/client-address.ts). */
  TRUST_PROXY: trustProxySchema,
  /** OAuth 2.1 resource-server mode: the external authorization server whose JWTs are accepted (beside API_KEYS). */
  OAUTH_ISSUER: httpUrl('the issuer identifier of the authorization server'),
  /** The `aud` its tokens carry, when not the pack's resource URL (PUBLIC_URL/<segment>/mcp). */
  OAUTH_AUDIENCE: z.string().min(1).optional(),
  /** Its JWKS; unset → its metadata's jwks_uri. */
  OAUTH_JWKS_URL: httpUrl('the JWKS URL'),
  /** The gateway's public base URL as clients reach it (the resource URLs' base); needed with OAUTH_ISSUER. */
  PUBLIC_URL: httpUrl('the public base URL'),
}).refine((env) => !keyInBoth(env.API_KEYS, env.API_KEYS_FILE), {
  path: ['API_KEYS_FILE'],
  message: 'a key of API_KEYS is also in this file; keep each key in one place (the file gives it a name and a policy)',
}).refine((env) => !env.OAUTH_ISSUER || env.PUBLIC_URL, {
  path: ['PUBLIC_URL'],
  message: 'required with OAUTH_ISSUER: the public base URL clients use, e.g. https://tools.example.com',
});

function keyInBoth(keys: string[] | undefined, file: { digest: Buffer }[] | undefined): boolean {
  if (!keys || !file) return false;
  const named = new Set(file.map(({ digest }) => digest.toString('hex')));
  return keys.some((key) => named.has(createHash('sha256').update(key, 'utf8').digest('hex')));
}

export type SecurityEnv = z.infer<typeof securityEnvSchema>;

/** The OAuth resource-server settings, when OAUTH_ISSUER turns the mode on. */
export function oauthConfigOf(env: SecurityEnv): OAuthResourceConfig | undefined {
  if (!env.OAUTH_ISSUER || !env.PUBLIC_URL) return undefined;
  return { issuer: env.OAUTH_ISSUER, publicUrl: env.PUBLIC_URL, audience: env.OAUTH_AUDIENCE, jwksUrl: env.OAUTH_JWKS_URL };
}

/** What the security variables decide, worked out once at start and handed to what needs it. */
export interface SecuritySettings {
  /** Every MCP request needs a key or a token (API_KEYS, API_KEYS_FILE or OAUTH_ISSUER): guards run, the page asks for a key. */
  keyed: boolean;
  oauth: OAuthResourceConfig | undefined;
  /** One audit line per tool call: AUDIT_LOG, else on exactly when callers are identified (keyed). */
  audit: boolean;
}

export function securitySettingsOf(env: SecurityEnv): SecuritySettings {
  const oauth = oauthConfigOf(env);
  const keyed = Boolean(env.API_KEYS || env.API_KEYS_FILE || oauth);
  return { keyed, oauth, audit: env.AUDIT_LOG ?? keyed };
}

