export type UpstreamFailure = 'timeout' | 'http' | 'network' | 'malformed' | 'rpc';

/**
 * Any failure to get a usable answer from an upstream. The message names the upstream by
 * a safe label ("eth-mainnet JSON-RPC"), never by URL: Alchemy URLs carry the API key.
 */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly failure: UpstreamFailure;
  readonly statusCode: number | undefined;
  readonly isRetryable: boolean;

  constructor(message: string, options: { failure: UpstreamFailure; statusCode?: number; isRetryable?: boolean }) {
    super(message);
    this.failure = options.failure;
    this.statusCode = options.statusCode;
    this.isRetryable = options.isRetryable ?? (options.failure !== 'malformed' && options.failure !== 'rpc');
  }

  /** The same failure described for one upstream. */
  labelled(label: string): UpstreamError {
    return new UpstreamError(`${label}: ${this.message}`, { failure: this.failure, statusCode: this.statusCode, isRetryable: this.isRetryable });
  }
}
