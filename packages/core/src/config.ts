import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

/** A start-up configuration problem: lists every bad variable at once. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses environment variables with a zod object whose keys are the variable names.
 * Fails fast, naming every variable that is wrong.
 */
export function parseEnv<Schema extends z.ZodObject>(schema: Schema, env: NodeJS.ProcessEnv): z.infer<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${describeEnvIssue(issue, env)}`);
  throw new ConfigError(`invalid configuration:\n${[...new Set(problems)].join('\n')}`);
}

/** How zod's own messages begin ('Invalid input: expected number, received NaN', 'Too big: …'). */
const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Invalid option|Too small|Too big)/;

/**
 * A zod issue in plain words for the person who set the variable. The value is quoted only where
 * it was meant as a number or a word from a list, never a secret; other messages are the
 * schema's own (written for people already).
 */
function describeEnvIssue(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  // A schema's own message (`error: 'a ratio from 0 to 1'`) already speaks to people: kept.
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const given = JSON.stringify(String(env[String(issue.path[0])] ?? '').trim().slice(0, 40));
  if (issue.code === 'invalid_type' && issue.expected === 'number') return `${given} is not a number`;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return `${given} is not a whole number`;
  if (issue.code === 'too_small' && issue.origin === 'number') return `${given} is too small: it must be ${issue.inclusive ? 'at least' : 'above'} ${issue.minimum}`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `${given} is too large: it must be ${issue.inclusive ? 'at most' : 'below'} ${issue.maximum}`;
  if (issue.code === 'invalid_value') return `${given} is not one of ${issue.values.map(String).join(', ')}`;
  return issue.message;
}

/**
 * Every `*_FILE` and `*_DIR` variable with a relative value made absolute, resolved where the
 * command was typed: pnpm runs a package's script in the package's folder (the gateway in
 * services/gateway/) and sets INIT_CWD to the folder the user was in; without pnpm that is the
 * working directory. Values are trimmed; the rest of the environment is returned as it was.
 */
export function resolvePathVariables(env: NodeJS.ProcessEnv, cwd = process.cwd()): NodeJS.ProcessEnv {
  const typedIn = env.INIT_CWD?.trim() || cwd;
  const resolved: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(env)) {
    const path = value?.trim();
    if (!path || !/_(FILE|DIR)$/.test(name) || isAbsolute(path)) continue;
    resolved[name] = resolve(typedIn, path);
  }
  return resolved;
}

/** Comma-separated list; empty entries dropped; unset or blank → undefined. */
export const commaList = z
  .string()
  .optional()
  .transform((value) => {
    const items = (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
    return items.length > 0 ? items : undefined;
  });

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

const segment = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, 'a path segment: letters, digits, ".", "_" or "-"')
  .optional();

/** Comma-separated http(s) base URLs, without a trailing slash. */
const baseUrlList = commaList.superRefine((urls, context) => {
  for (const url of urls ?? []) {
    if (!/^https?:\/\/[^/?#\s]+$/.test(url)) context.addIssue({ code: 'custom', message: `"${url}" is not an http:// or https:// base URL (scheme, host and port only)` });
  }
});

/** The variables every toolgate process reads, whatever packs it serves. */
export const serverEnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: pretty at a terminal, JSON otherwise (logger.ts). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  ALLOWED_ORIGINS: commaList,
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Other toolgate processes whose packs the catalog page shows too (docs/catalog-page.md). */
  CATALOG_PEERS: baseUrlList,
  /** What the combined endpoint `/mcp` serves: `<pack>` or `<pack>/<tool>` entries; unset: everything. */
  COMBINED_INCLUDE: commaList,
  /** Taken out of `/mcp` (after COMBINED_INCLUDE): `<pack>` or `<pack>/<tool>` entries. */
  COMBINED_EXCLUDE: commaList,
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** `<PACK>_SEGMENT`: the variable that moves a pack's path (nginx/render.sh reads the same name). */
export const segmentVariable = (packName: string) => `${packName.toUpperCase()}_SEGMENT`;

/** One `<PACK>_SEGMENT` entry per pack the process serves, whichever packs those are. */
export function segmentsShape(packNames: string[]): Record<string, typeof segment> {
  return Object.fromEntries(packNames.map((name) => [segmentVariable(name), segment]));
}

/** The path segment for a pack: `<PACK>_SEGMENT` or the pack's own name. */
export function segmentFor(packName: string, env: NodeJS.ProcessEnv): string {
  const value = env[segmentVariable(packName)]?.trim();
  return value ? value : packName;
}
