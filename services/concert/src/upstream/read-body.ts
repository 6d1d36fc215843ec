import { RefusedInBody, UpstreamError } from '@toolgate/upstream';

/** What Bandsintown says instead of an answer when the artist (or anything) is not found. */
export const NOT_FOUND = null;

const NOT_FOUND_TEXT = /^\s*\{\s*(warn|error)\s*=\s*not found\s*\}\s*$/i;

/**
 * Bandsintown answers some cases with HTTP 200 and a body that is not the answer: `{warn=Not found}`
 * (not even JSON), `{"error": "Not Found"}`, an empty body, `{"errorMessage": "[NotFound] …"}`, `{"errors": ["Rate limit exceeded"]}`. "Not
 * found" becomes NOT_FOUND (an empty result, never a breaker strike); the others become errors that
 * say what Bandsintown said, and do not count as the upstream being down.
 */
export function readBandsintownBody(text: string): unknown {
  // An empty body has also been seen for unknown artists.
  if (NOT_FOUND_TEXT.test(text) || text.trim() === '') return NOT_FOUND;
  const body: unknown = JSON.parse(text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = body as { errorMessage?: unknown; errors?: unknown; error?: unknown };
  if (typeof fields.error === 'string' && /not found/i.test(fields.error)) return NOT_FOUND;
  // The client words, redacts and bounds these (RefusedInBody), as it does error statuses.
  if (typeof fields.errorMessage === 'string') {
    if (/\[NotFound\]/i.test(fields.errorMessage)) return NOT_FOUND;
    throw new RefusedInBody(fields.errorMessage);
  }
  if (Array.isArray(fields.errors)) {
    const said = fields.errors.filter((item): item is string => typeof item === 'string').join('; ');
    throw new RefusedInBody(said, /rate limit/i.test(said) ? { describe: (reason) => `rate limited (${reason}): try again in a minute` } : {});
  }
  return body;
}

/** Whether an upstream error is Bandsintown's "not found" sent with a 404 status instead of 200. */
export function isNotFoundError(error: unknown): boolean {
  if (!(error instanceof UpstreamError) || error.statusCode !== 404) return false;
  const message = (error.body as { errorMessage?: unknown } | undefined)?.errorMessage;
  return typeof message !== 'string' || /\[NotFound\]/i.test(message);
}
