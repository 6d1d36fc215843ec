/**
 * The pack's only door to the network. Everything above it is transport-agnostic; the
 * default (resilient-transport.ts) goes through @toolgate/upstream, and tests may inject
 * their own. Implementations throw @toolgate/upstream's UpstreamError,
 * whose message names the upstream by label, never by URL: Alchemy URLs carry the API key.
 */
export interface HttpTransport {
  /**
   * POSTs JSON and returns the parsed JSON reply of a 2xx answer. The body must be safe to
   * repeat (it may be retried). `label` names the upstream in errors: "eth-mainnet JSON-RPC";
   * `operation` names what is asked in metrics and traces (the JSON-RPC method, or `batch`).
   */
  postJson(url: string, body: unknown, options: { signal?: AbortSignal; label?: string; operation?: string }): Promise<unknown>;
  /** HEAD request; resolves to the status code (a 404 is an answer, not an error). */
  head(url: string, options: { signal?: AbortSignal }): Promise<number>;
}
