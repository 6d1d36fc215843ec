import { createHash } from 'node:crypto';

/** What a request carries that may hold a credential: its URL, its query values, its header values. */
export interface RequestParts {
  url: string;
  params?: Record<string, string | number | undefined> | undefined;
  headers?: Record<string, string> | undefined;
}

/** Shown instead of a hash when the request carries none of the client's secrets. */
export const NO_CREDENTIAL = 'none';

/**
 * Which credential a request carries, as a short hash: the client's secrets (API keys, tokens)
 * found in its URL, query or headers. An upstream rate-limits per key, so hold-backs are kept per
 * key; the hash names it in Redis keys, logs, /healthz and metric labels, where the key itself
 * must never appear. Twelve hex digits of SHA-256: enough to tell keys apart, nothing to read back.
 */
export function credentialOf(secrets: readonly string[], parts: RequestParts): string {
  if (secrets.length === 0) return NO_CREDENTIAL;
  const texts = [parts.url, ...Object.values(parts.params ?? {}).map(String), ...Object.values(parts.headers ?? {})];
  const carried = secrets.filter((secret) => texts.some((text) => text.includes(secret)));
  if (carried.length === 0) return NO_CREDENTIAL;
  return createHash('sha256').update(`toolgate-credential\0${[...carried].sort().join('\0')}`).digest('hex').slice(0, 12);
}
