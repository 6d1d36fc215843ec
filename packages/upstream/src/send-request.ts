import { isAxiosError, type AxiosInstance } from 'axios';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';
import { parseRetryAfter } from './retry-after.ts';
import { cleanReason, readUpstreamReason, RefusedInBody } from './upstream-reason.ts';
import { UpstreamError } from './upstream-error.ts';

export interface AttemptOptions {
  upstream: string;
  http: AxiosInstance;
  url: string;
  params?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** GET by default. POST sends `body` as JSON; HEAD reads no body and resolves to the status. */
  method?: 'GET' | 'POST' | 'HEAD';
  body?: unknown;
  signal: AbortSignal;
  timeoutMs: number;
  /** Bodies larger than this are refused while they arrive. */
  maxResponseBytes: number;
  redact: (text: string) => string;
  /** Whether the client sends a key or token: a bare 401/403 then means that credential was refused. */
  sendsCredentials: boolean;
  /** Replaces JSON.parse for an upstream that answers some cases with a body that is not JSON. */
  parse?: (text: string) => unknown;
  /** Told the status as soon as it is known (the upstream observer labels by it). */
  onStatus?: (status: number) => void;
  /** The client's clock, which a Retry-After date is read against (hold-backs are measured by it). */
  now?: () => number;
}

/** Builds the URL as it will be sent, with secrets removed, for errors and logs. */
export function displayUrl(url: string, params: AttemptOptions['params'], redact: (text: string) => string): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) query.set(name, String(value));
  const text = query.size > 0 ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
  return redact(text);
}

/** The status in words; the upstream's own reason, when it gave one, says more than we can guess. */
function describeStatus(status: number, retryAfterMs: number | undefined, reason: string | undefined, sendsCredentials: boolean): string {
  const retryIn = retryAfterMs === undefined ? '' : `, retry in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
  const because = reason === undefined ? '' : `: ${reason}`;
  if (status === 429) return `rate limited (HTTP 429${retryIn})${because}`;
  if (status >= 500) return `server error (HTTP ${status}${retryIn})${because}`;
  if (reason === undefined && (status === 401 || status === 403)) {
    return sendsCredentials
      ? `refused the credentials (HTTP ${status}): check the API key or token`
      : `refused the request (HTTP ${status}); no API key or token was sent, so the host either wants one or is turning this server away`;
  }
  // A 403 with a reason may be about something else than the key (the caller's IP, say).
  if (status === 401) return `refused the credentials (HTTP 401)${because}`;
  if (status === 403) return `refused the request (HTTP 403)${because}`;
  return `request rejected (HTTP ${status})${because}`;
}

/** A parse hook's verdict that a success answer is a refusal: not retried, not a breaker strike. */
function refusal(refused: RefusedInBody, upstream: string, url: string, status: number, redact: (text: string) => string): UpstreamError {
  const reason = cleanReason(refused.message, redact);
  return new UpstreamError(refused.describe?.(reason) ?? `refused the request: ${reason}`, {
    upstream, url, statusCode: status, isRetryable: false, countsAsFailure: false, upstreamMessage: reason, kind: 'refused', cause: new Error(`HTTP ${status}`),
  });
}

/**
 * One HTTP attempt: GET (or POST of JSON), then JSON parsing; HEAD resolves to the 2xx status. Every failure becomes an UpstreamError whose
 * message says what went wrong in words a caller can act on, with no secret in it.
 */
export async function sendRequest(options: AttemptOptions): Promise<unknown> {
  const { upstream, redact } = options;
  const url = displayUrl(options.url, options.params, redact);
  let response;
  try {
    const method = options.method ?? 'GET';
    response = await options.http.request<string>({
      method,
      url: options.url,
      params: options.params,
      headers: { accept: 'application/json', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...options.headers },
      data: method === 'POST' ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      // Parsed below, so malformed JSON is reported as such rather than passed on as a string.
      responseType: 'text',
      transformResponse: (data: unknown) => data,
      validateStatus: () => true,
      // A redirect would carry URL keys and re-sent bodies to wherever it points: never followed.
      maxRedirects: 0,
      maxContentLength: options.maxResponseBytes,
    });
  } catch (error) {
    if (options.signal.aborted) {
      throw new UpstreamError(`no response within ${options.timeoutMs} ms (timed out)`, { upstream, url, isRetryable: true, kind: 'timeout', cause: new Error('timeout') });
    }
    const code = isAxiosError(error) ? error.code : undefined;
    if (isAxiosError(error) && /maxContentLength/.test(error.message)) {
      throw new UpstreamError(`sent a response larger than ${options.maxResponseBytes} bytes`, {
        upstream,
        url,
        isRetryable: false,
        countsAsFailure: true,
        kind: 'invalid_response',
        cause: new Error('response too large'),
      });
    }
    const reason = code === 'ECONNRESET' ? 'connection reset' : code === 'ECONNREFUSED' ? 'connection refused' : (code ?? 'network error');
    throw new UpstreamError(`unreachable (${reason})`, {
      upstream,
      url,
      isRetryable: true,
      kind: 'unreachable',
      cause: Object.assign(new Error(redact(error instanceof Error ? error.message : String(error))), { code }),
    });
  }
  const { status } = response;
  options.onStatus?.(status);
  if (status >= 300 && status < 400) {
    throw new UpstreamError(`answered with a redirect (HTTP ${status}) to another address; not followed`, {
      upstream, url, statusCode: status, isRetryable: false, countsAsFailure: true, kind: 'invalid_response', cause: new Error(`HTTP ${status}`),
    });
  }
  if (status < 200 || status >= 300) {
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], options.now?.());
    const retryable = status === 429 || status >= 500 || status === 408;
    const reason = readUpstreamReason(typeof response.data === 'string' ? response.data : undefined, redact);
    throw new UpstreamError(describeStatus(status, retryAfterMs, reason.message, options.sendsCredentials), {
      upstream,
      url,
      statusCode: status,
      isRetryable: retryable,
      // A 429 says the upstream is up and this caller is over its quota: counted apart (never
      // toward the breaker every caller shares), so one client's burst does not fail everyone.
      countsAsFailure: retryable && status !== 429,
      retryAfterMs,
      body: reason.body,
      upstreamMessage: reason.message,
      kind: status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : 'client_error',
      cause: new Error(`HTTP ${status}`),
    });
  }
  if (options.method === 'HEAD') return status;
  if (exceedsJsonDepth(response.data)) {
    throw new UpstreamError(`sent a response nested deeper than ${MAX_JSON_DEPTH} levels`, {
      upstream, url, statusCode: status, isRetryable: false, countsAsFailure: true, kind: 'invalid_response', cause: new Error('response too deep'),
    });
  }
  try {
    return options.parse ? options.parse(response.data) : JSON.parse(response.data);
  } catch (error) {
    if (error instanceof RefusedInBody) throw refusal(error, upstream, url, status, redact);
    throw new UpstreamError('sent a response that is not valid JSON', {
      upstream,
      url,
      statusCode: status,
      isRetryable: false,
      countsAsFailure: true,
      kind: 'invalid_response',
      cause: new Error(redact(error instanceof Error ? error.message : String(error))),
    });
  }
}
