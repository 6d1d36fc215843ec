import { UpstreamError } from './upstream-error.ts';

/**
 * The pack's only door to the network. Everything above it is transport-agnostic, so a
 * resilient client (retries, breaker, shared cache: @toolgate/upstream) replaces the
 * default below without touching the providers. Implementations throw UpstreamError and
 * never put the URL in a message.
 */
export interface HttpTransport {
  /** POSTs JSON and returns the parsed JSON reply of a 2xx answer. */
  postJson(url: string, body: unknown, options: { signal?: AbortSignal }): Promise<unknown>;
  /** HEAD request; resolves to the status code (a 404 is an answer, not an error). */
  head(url: string, options: { signal?: AbortSignal }): Promise<number>;
}

/** Largest reply accepted: a token lookup answers in a few hundred bytes. */
const MAX_REPLY_BYTES = 1_048_576;

/** Error fields read by duck typing: fetch's errors may come from another realm (test VMs), where instanceof fails. */
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;

function describeFailure(error: unknown, timeoutMs: number, callerSignal: AbortSignal | undefined): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (callerSignal?.aborted) return new UpstreamError('request cancelled by the caller', { failure: 'network', isRetryable: false });
  const name = field(error, 'name');
  if (name === 'TimeoutError' || name === 'AbortError') return new UpstreamError(`no answer within ${timeoutMs} ms`, { failure: 'timeout' });
  // undici puts the socket error in `cause`; its code (ECONNREFUSED, …) is safe to show, its message may hold the host.
  const code = field(field(error, 'cause'), 'code');
  return new UpstreamError(`could not connect (${typeof code === 'string' ? code : 'connection failed'})`, { failure: 'network' });
}

/** The default transport: Node's fetch with a per-attempt timeout, no retries. */
export function createFetchTransport(options: { timeoutMs: number; fetch?: typeof fetch }): HttpTransport {
  const doFetch = options.fetch ?? fetch;
  const withTimeout = (signal: AbortSignal | undefined) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  };

  return {
    async postJson(url, body, { signal }) {
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: withTimeout(signal),
        });
        const text = await response.text();
        if (!response.ok) {
          throw new UpstreamError(`HTTP ${response.status}`, {
            failure: 'http',
            statusCode: response.status,
            isRetryable: response.status === 429 || response.status >= 500,
          });
        }
        if (text.length > MAX_REPLY_BYTES) throw new UpstreamError('reply too large', { failure: 'malformed' });
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new UpstreamError('reply is not JSON', { failure: 'malformed' });
        }
      } catch (error) {
        throw describeFailure(error, options.timeoutMs, signal);
      }
    },
    async head(url, { signal }) {
      try {
        const response = await doFetch(url, { method: 'HEAD', signal: withTimeout(signal), redirect: 'follow' });
        return response.status;
      } catch (error) {
        throw describeFailure(error, options.timeoutMs, signal);
      }
    },
  };
}
