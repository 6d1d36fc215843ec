/** Shorter values are not worth hiding and would blank ordinary words out of messages. */
const MIN_SECRET_LENGTH = 4;

/** Replaces every secret (header and env values, substituted variables) in a text that leaves the process. */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const hidden = [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  if (hidden.length === 0) return (text) => text;
  return (text) => hidden.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}
