import { RefusedInBody, UpstreamError } from '@toolgate/upstream';

const UPSTREAM = 'TheSportsDB';

/** The key was refused, in words that name the variable to set; `said` is the upstream's reason, already redacted. */
function invalidKeyWording(said: string, statusCode?: number): string {
  return `refused the API key${statusCode ? ` (HTTP ${statusCode})` : ''}: "${said}". Set THESPORTSDB_API_KEY to a valid key: 123 is the free public key; premium keys come from https://www.thesportsdb.com/pricing`;
}

const isInvalidKey = (message: string) => /invalid premium api key/i.test(message);

/**
 * TheSportsDB answers "nothing found" as `{"<key>": null}`, an empty body (HTTP 200) or
 * `{"Message": "No data found"}`: all read as `{"<key>": null}`. A lone other `Message` is a
 * refusal, which the upstream client words and redacts (the key sits in the path and could be echoed).
 */
export function readSportsDbBody(text: string, recordKey: string): unknown {
  const nothing = { [recordKey]: null };
  if (text.trim() === '') return nothing;
  const body: unknown = JSON.parse(text);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const message = (body as { Message?: unknown }).Message;
  if (typeof message !== 'string') return body;
  if (/^no data found/i.test(message)) return nothing;
  if (isInvalidKey(message)) throw new RefusedInBody(message, { describe: (reason) => invalidKeyWording(reason) });
  if (Object.keys(body).length === 1) throw new RefusedInBody(message);
  return body;
}

/** An invalid key comes back as HTTP 400 `{"Message": "Invalid Premium API key: …"}`; the client has read and redacted that reason. */
export function explainSportsDbError(error: unknown): unknown {
  if (!(error instanceof UpstreamError) || error.statusCode !== 400) return error;
  const message = error.upstreamMessage;
  if (message === undefined || !isInvalidKey(message)) return error;
  return new UpstreamError(invalidKeyWording(message, 400), { upstream: UPSTREAM, url: error.url, statusCode: 400, isRetryable: false, countsAsFailure: false, cause: error });
}
