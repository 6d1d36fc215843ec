import { UpstreamError } from '@toolgate/upstream';

const UPSTREAM = 'TheSportsDB';

/** The key was refused: said in words that name the variable to set. */
export function invalidKeyError(said: string, statusCode?: number): UpstreamError {
  return new UpstreamError(
    `refused the API key${statusCode ? ` (HTTP ${statusCode})` : ''}: "${said.slice(0, 200)}". Set THESPORTSDB_API_KEY to a valid key: 123 is the free public key; premium keys come from https://www.thesportsdb.com/pricing`,
    { upstream: UPSTREAM, statusCode, isRetryable: false, countsAsFailure: false },
  );
}

const isInvalidKey = (message: string) => /invalid premium api key/i.test(message);

/**
 * TheSportsDB answers "nothing found" as `{"<key>": null}`, an empty body (HTTP 200) or
 * `{"Message": "No data found"}`: all read as `{"<key>": null}`. A lone other `Message` is an error.
 */
export function readSportsDbBody(text: string, recordKey: string): unknown {
  const nothing = { [recordKey]: null };
  if (text.trim() === '') return nothing;
  const body: unknown = JSON.parse(text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const message = (body as { Message?: unknown }).Message;
  if (typeof message !== 'string') return body;
  if (/^no data found/i.test(message)) return nothing;
  if (isInvalidKey(message)) throw invalidKeyError(message);
  if (Object.keys(body).length === 1) {
    throw new UpstreamError(`said: "${message.slice(0, 200)}"`, { upstream: UPSTREAM, isRetryable: false, countsAsFailure: false });
  }
  return body;
}

/** An invalid key comes back as HTTP 400 `{"Message": "Invalid Premium API key: …"}`. */
export function explainSportsDbError(error: unknown): unknown {
  if (!(error instanceof UpstreamError) || error.statusCode !== 400) return error;
  const message = error.upstreamMessage ?? (error.body as { Message?: unknown } | undefined)?.Message;
  return typeof message === 'string' && isInvalidKey(message) ? invalidKeyError(message, 400) : error;
}
