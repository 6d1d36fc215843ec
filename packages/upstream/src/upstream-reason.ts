/** Most of an error body worth reading: upstream reasons are a line or two, not pages. */
export const ERROR_BODY_LIMIT = 64 * 1024;
const REASON_LIMIT = 300;

export interface UpstreamReason {
  /** The parsed JSON error body, when there was one. */
  body: unknown;
  /** The upstream's own words for what went wrong, redacted and bounded. */
  message: string | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * The reason an upstream gives in its error body, in the shapes our upstreams use:
 * `{reason, message}` (Brawl Stars), `{Message}` (TheSportsDB), `{error: {message}}` (JSON-RPC
 * nodes), `{errorMessage}` and `{errors: [...]}` (Bandsintown), `{error_description}` (OAuth).
 */
export function reasonFromBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  const reason = text(fields.reason);
  const message = text(fields.message) ?? text(fields.Message);
  if (reason && message) return `${reason}: ${message}`;
  const nested = typeof fields.error === 'object' && fields.error !== null ? text((fields.error as Record<string, unknown>).message) : undefined;
  const firstError = Array.isArray(fields.errors) ? text(fields.errors[0]) ?? text((fields.errors[0] as { message?: unknown } | undefined)?.message) : undefined;
  return reason ?? message ?? text(fields.error) ?? nested ?? text(fields.errorMessage) ?? firstError ?? text(fields.error_description) ?? text(fields.detail);
}

/** Reads the reason from a raw error body: JSON when it parses, otherwise none (HTML error pages say nothing useful). */
export function readUpstreamReason(raw: string | undefined, redact: (text: string) => string): UpstreamReason {
  if (!raw) return { body: undefined, message: undefined };
  let body: unknown;
  try {
    body = JSON.parse(raw.slice(0, ERROR_BODY_LIMIT));
  } catch {
    return { body: undefined, message: undefined };
  }
  const reason = reasonFromBody(body);
  return { body, message: reason === undefined ? undefined : cleanReason(reason, redact) };
}

/** An upstream's reason as errors and logs show it: secrets removed, one line, bounded. */
export function cleanReason(reason: string, redact: (text: string) => string): string {
  const clean = redact(reason).replace(/\s+/g, ' ').trim();
  return clean.length > REASON_LIMIT ? `${clean.slice(0, REASON_LIMIT - 1)}…` : clean;
}

/**
 * Thrown by a `parse` hook for a body that refuses the request under a success status (an
 * upstream that answers HTTP 200 with an error). The client turns it into an UpstreamError
 * with its own name, the URL and its redaction, as it does for an error status: the hook
 * only says what the body means, and may word it (`describe` gets the reason already redacted
 * and bounded, so no wording can carry a secret the upstream echoed).
 */
export class RefusedInBody extends Error {
  readonly describe: ((reason: string) => string) | undefined;

  constructor(reason: string, options: { describe?: (reason: string) => string } = {}) {
    super(reason);
    this.name = 'RefusedInBody';
    this.describe = options.describe;
  }
}
