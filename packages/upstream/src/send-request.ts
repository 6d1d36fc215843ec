import { isAxiosError, type AxiosInstance } from 'axios';
import { parseRetryAfter } from './retry-after.ts';
import { UpstreamError } from './upstream-error.ts';

export interface AttemptOptions {
  upstream: string;
  http: AxiosInstance;
  url: string;
  params?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
  redact: (text: string) => string;
}

/** Builds the URL as it will be sent, with secrets removed, for errors and logs. */
export function displayUrl(url: string, params: AttemptOptions['params'], redact: (text: string) => string): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) query.set(name, String(value));
  const text = query.size > 0 ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
  return redact(text);
}

function describeStatus(status: number, retryAfterMs: number | undefined): string {
  const retryIn = retryAfterMs === undefined ? '' : `, retry in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
  if (status === 429) return `rate limited (HTTP 429${retryIn})`;
  if (status >= 500) return `server error (HTTP ${status}${retryIn})`;
  if (status === 401 || status === 403) return `refused the credentials (HTTP ${status}): check the API key or token`;
  return `request rejected (HTTP ${status})`;
}

/**
 * One HTTP attempt: GET, then JSON parsing. Every failure becomes an UpstreamError whose
 * message says what went wrong in words a caller can act on, with no secret in it.
 */
export async function sendRequest(options: AttemptOptions): Promise<unknown> {
  const { upstream, redact } = options;
  const url = displayUrl(options.url, options.params, redact);
  let response;
  try {
    response = await options.http.get<string>(options.url, {
      params: options.params,
      headers: { accept: 'application/json', ...options.headers },
      signal: options.signal,
      // Parsed below, so malformed JSON is reported as such rather than passed on as a string.
      responseType: 'text',
      transformResponse: (data: unknown) => data,
      validateStatus: () => true,
      maxRedirects: 3,
    });
  } catch (error) {
    if (options.signal.aborted) {
      throw new UpstreamError(`no response within ${options.timeoutMs} ms (timed out)`, { upstream, url, isRetryable: true, cause: new Error('timeout') });
    }
    const code = isAxiosError(error) ? error.code : undefined;
    const reason = code === 'ECONNRESET' ? 'connection reset' : code === 'ECONNREFUSED' ? 'connection refused' : (code ?? 'network error');
    throw new UpstreamError(`unreachable (${reason})`, {
      upstream,
      url,
      isRetryable: true,
      cause: Object.assign(new Error(redact(error instanceof Error ? error.message : String(error))), { code }),
    });
  }
  const { status } = response;
  if (status < 200 || status >= 300) {
    const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
    const retryable = status === 429 || status >= 500 || status === 408;
    throw new UpstreamError(describeStatus(status, retryAfterMs), {
      upstream,
      url,
      statusCode: status,
      isRetryable: retryable,
      retryAfterMs,
      cause: new Error(`HTTP ${status}`),
    });
  }
  try {
    return JSON.parse(response.data);
  } catch (error) {
    throw new UpstreamError('sent a response that is not valid JSON', {
      upstream,
      url,
      statusCode: status,
      isRetryable: false,
      countsAsFailure: true,
      cause: new Error(redact(error instanceof Error ? error.message : String(error))),
    });
  }
}
