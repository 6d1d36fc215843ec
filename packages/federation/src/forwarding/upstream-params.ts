/** The 2026-07-28 envelope keys of `_meta`: the client's to toolgate, not toolgate's to a 2025-era server. */
const ENVELOPE_KEYS = [
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientCapabilities',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/logLevel',
];

/**
 * A client's params as the server is sent them: the 2026-07-28 round fields (`inputResponses`,
 * `requestState`: toolgate answers those itself) and envelope keys left out, and the progress
 * token replaced by toolgate's own for this request (or left out when the client wants none).
 * Everything else (arguments, `task`, traceparent, a server's own `_meta` keys) goes as sent.
 */
export function upstreamParams(params: Readonly<Record<string, unknown>>, progressToken: string | undefined): Record<string, unknown> {
  const { inputResponses: _responses, requestState: _state, _meta: meta, ...rest } = params;
  const kept: Record<string, unknown> = {};
  if (meta && typeof meta === 'object' && !Array.isArray(meta)) {
    for (const [key, value] of Object.entries(meta)) if (key !== 'progressToken' && !ENVELOPE_KEYS.includes(key)) kept[key] = value;
  }
  if (progressToken !== undefined) kept.progressToken = progressToken;
  return Object.keys(kept).length > 0 ? { ...rest, _meta: kept } : rest;
}

/** What a state is good for: the request it was issued for (a state of one tool does not resume another). */
export function requestIdentity(method: string, params: Readonly<Record<string, unknown>>): string {
  const target = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : '';
  return `${method} ${target}`.trim();
}
