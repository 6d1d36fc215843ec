import { createRedactor } from '@toolgate/upstream';

/** Shorter values are not worth hiding and would blank ordinary words out of messages. */
const MIN_SECRET_LENGTH = 4;

/**
 * Replaces every secret (header and env values, substituted variables) in a text that leaves the
 * process: upstream's redactor (values, their URL-encoded forms, credentials in URLs), given only
 * the values long enough to be secrets.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  return createRedactor([...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH));
}
