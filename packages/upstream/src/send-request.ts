import { isAxiosError, type AxiosInstance } from 'axios';
import { parseRetryAfter } from './retry-after.ts';
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
      maxRedirects: 3,
      maxContentLength: options.maxResponseBytes,
    });
  } catch (error) {
    if (options.signal.aborted) {
      throw new UpstreamError(`no response within ${options.timeoutMs} ms (timed out)`, { upstream, url, isRetryable: true, cause: new Error('timeout') });
    }
    const code = isAxiosError(error) ? error.code : undefined;
    if (isAxiosError(error) && /maxContentLength/.test(error.message)) {
      throw new UpstreamError(`sent a response larger than ${options.maxResponseBytes} bytes`, {
        upstream,
        url,
        isRetryable: false,
        countsAsFailure: true,
        cause: new Error('response too large'),
      });
    }
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
  if (options.method === 'HEAD') return status;
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
