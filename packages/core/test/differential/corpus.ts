import type { Case, DifferenceId } from './case.ts';

export type { Case };

const JSON_TYPE = { 'content-type': 'application/json' };
/** What every SDK client sends. */
const STREAMABLE = { ...JSON_TYPE, accept: 'application/json, text/event-stream' };
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

const rpc = (id: number | string, method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const call = (id: number, name: string, args?: unknown) => rpc(id, 'tools/call', { name, ...(args === undefined ? {} : { arguments: args }) });
const initialize = (id: number, protocolVersion: string) =>
  rpc(id, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'differential', version: '1.0.0' } });

function bare(name: string, body: unknown, differences: DifferenceId[] = []): Case {
  return { name, dialect: 'bare', headers: JSON_TYPE, body, differences: ['answersWithoutFullAccept', ...differences] };
}

function legacy(name: string, body: unknown, options: { headers?: Record<string, string>; differences?: DifferenceId[] } = {}): Case {
  return { name, dialect: '2025', headers: { ...STREAMABLE, ...options.headers }, body, differences: options.differences ?? [] };
}

/** A 2026-07-28 request: the `_meta` envelope in the body, the matching headers. */
function modern(
  name: string,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  options: { headers?: Record<string, string | undefined>; meta?: Record<string, unknown>; differences?: DifferenceId[] } = {},
): Case {
  const headers: Record<string, string | undefined> = { ...STREAMABLE, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method };
  if (method === 'tools/call' && typeof params.name === 'string') headers['mcp-name'] = params.name;
  Object.assign(headers, options.headers);
  const defined = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { name, dialect: '2026', headers: defined, body: rpc(id, method, { ...params, _meta: options.meta ?? ENVELOPE }), differences: options.differences ?? [] };
}

export const corpus: Case[] = [
  // The spec's bare call: Content-Type only.
  bare('bare: tools/call echo', call(1, 'echo', { text: 'hi' })),
  bare('bare: tools/call sum', call(2, 'sum', { numbers: [1, 2.5, 3], round: true })),
  bare('bare: tools/call with invalid arguments', call(3, 'echo', { text: 42 })),
  bare('bare: tools/call of an unknown tool', call(4, 'nope', {})),
  bare('bare: tools/call whose handler throws a ToolError', call(5, 'echo', { text: 'fail' })),
  bare('bare: tools/list', rpc(6, 'tools/list')),

  // 2025-era clients.
  legacy('2025: initialize 2025-06-18', initialize(1, '2025-06-18')),
  legacy('2025: initialize 2025-11-25', initialize(1, '2025-11-25')),
  legacy('2025: initialize 2024-11-05', initialize(1, '2024-11-05')),
  legacy('2025: initialize with an unknown version gets the latest', initialize(1, '1999-01-01')),
  legacy('2025: notifications/initialized', { jsonrpc: '2.0', method: 'notifications/initialized' }),
  legacy('2025: notifications/cancelled', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } }),
  legacy('2025: tools/list', rpc(2, 'tools/list'), { headers: { 'mcp-protocol-version': '2025-06-18' } }),
  legacy('2025: tools/call echo', call(3, 'echo', { text: 'hello' }), { headers: { 'mcp-protocol-version': '2025-11-25' } }),
  legacy('2025: tools/call sum', call(4, 'sum', { numbers: [0.5, 0.25] }), { headers: { 'mcp-protocol-version': '2025-06-18' } }),
  legacy('2025: tools/call with arguments over a limit', call(5, 'echo', { text: 'x'.repeat(21) })),
  legacy('2025: tools/call without arguments', call(6, 'echo')),
  legacy('2025: tools/call with an empty array', call(7, 'sum', { numbers: [] })),
  legacy('2025: tools/call of an unknown tool', call(8, 'nope', {})),
  legacy('2025: tools/call without a name', rpc(9, 'tools/call', {}), { differences: ['readableParamsError'] }),
  legacy('2025: tools/call whose handler throws a ToolError', call(10, 'echo', { text: 'fail' })),
  legacy('2025: tools/call whose handler crashes', call(11, 'echo', { text: 'crash' }), {
    headers: { 'x-request-id': 'differential-crash' },
    differences: ['internalErrorsHidden'],
  }),
  legacy('2025: ping', rpc(12, 'ping')),
  legacy('2025: ping with a string id', rpc('abc', 'ping')),
  legacy('2025: ping with a good MCP-Protocol-Version', rpc(13, 'ping'), { headers: { 'mcp-protocol-version': '2025-03-26' } }),
  legacy('2025: unknown MCP-Protocol-Version', rpc(14, 'tools/list'), { headers: { 'mcp-protocol-version': '1999-01-01' } }),
  legacy('2025: unknown method', rpc(15, 'foo/bar')),
  legacy('2025: server/discover without the envelope', rpc(16, 'server/discover')),
  legacy('2025: batch of two requests', [rpc(17, 'ping'), rpc(18, 'tools/list')]),
  legacy('2025: batch of a request and a notification', [rpc(19, 'ping'), { jsonrpc: '2.0', method: 'notifications/initialized' }]),
  legacy('2025: batch of notifications only', [{ jsonrpc: '2.0', method: 'notifications/initialized' }]),
  legacy('2025: batch with an invalid member', [rpc(20, 'ping'), { foo: 1 }]),
  legacy('2025: empty batch', []),
  legacy('2025: a posted JSON-RPC response', { jsonrpc: '2.0', id: 21, result: {} }),
  legacy('2025: Accept: text/event-stream only', rpc(22, 'tools/list'), { headers: { accept: 'text/event-stream' }, differences: ['answersWithoutFullAccept'] }),
  legacy('2025: Accept: application/json only', call(23, 'echo', { text: 'json' }), { headers: { accept: 'application/json' }, differences: ['answersWithoutFullAccept'] }),
  legacy('2025: Accept: */*', rpc(24, 'ping'), { headers: { accept: '*/*' }, differences: ['answersWithoutFullAccept'] }),
  legacy('2025: Accept: text/html', rpc(25, 'ping'), { headers: { accept: 'text/html' }, differences: ['notAcceptableWording'] }),
  legacy('2025: Accept: text/html with malformed JSON', { raw: '{"jsonrpc":' }, {
    headers: { accept: 'text/html' },
    differences: ['notAcceptableWording'],
  }),
  legacy('2025: Accept: text/html on a notification', { jsonrpc: '2.0', method: 'notifications/initialized' }, {
    headers: { accept: 'text/html' },
    differences: ['notAcceptableWording'],
  }),
  legacy('2025: Content-Type with a charset', rpc(26, 'ping'), { headers: { 'content-type': 'application/json; charset=utf-8' } }),

  // 2026-07-28 clients: no handshake, the envelope and the routing headers on every request.
  modern('2026: server/discover', 1, 'server/discover'),
  modern('2026: tools/list', 2, 'tools/list'),
  modern('2026: tools/call echo', 3, 'tools/call', { name: 'echo', arguments: { text: 'modern' } }),
  modern('2026: tools/call sum', 4, 'tools/call', { name: 'sum', arguments: { numbers: [1, 2, 3] } }),
  modern('2026: tools/call with invalid arguments', 5, 'tools/call', { name: 'echo', arguments: { text: 5 } }),
  modern('2026: tools/call of an unknown tool', 6, 'tools/call', { name: 'zz', arguments: {} }),
  modern('2026: tools/call whose handler throws a ToolError', 7, 'tools/call', { name: 'echo', arguments: { text: 'fail' } }),
  modern('2026: Mcp-Name names another tool', 8, 'tools/call', { name: 'echo', arguments: { text: 'a' } }, { headers: { 'mcp-name': 'sum' } }),
  modern('2026: Mcp-Name missing', 9, 'tools/call', { name: 'echo', arguments: { text: 'a' } }, { headers: { 'mcp-name': undefined } }),
  modern('2026: Mcp-Method missing', 10, 'tools/list', {}, { headers: { 'mcp-method': undefined } }),
  modern('2026: Mcp-Method names another method', 11, 'tools/list', {}, { headers: { 'mcp-method': 'ping' } }),
  modern('2026: MCP-Protocol-Version missing', 12, 'tools/list', {}, { headers: { 'mcp-protocol-version': undefined } }),
  modern('2026: MCP-Protocol-Version names a 2025 revision', 13, 'tools/list', {}, { headers: { 'mcp-protocol-version': '2025-06-18' } }),
  modern('2026: unsupported protocol version', 14, 'tools/list', {}, {
    headers: { 'mcp-protocol-version': '2027-01-01' },
    meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' },
  }),
  modern('2026: unsupported version in the envelope, 2026-07-28 in the header', 23, 'server/discover', {}, {
    meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' },
  }),
  modern('2026: a 2025 revision in the envelope, 2026-07-28 in the header', 24, 'tools/list', {}, {
    meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2025-06-18' },
  }),
  modern('2026: unsupported version in the envelope, no header', 25, 'server/discover', {}, {
    headers: { 'mcp-protocol-version': undefined },
    meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' },
  }),
  modern('2026: clientCapabilities missing', 15, 'tools/list', {}, { meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }),
  modern('2026: unknown method', 16, 'foo/bar'),
  modern('2026: ping is gone', 17, 'ping'),
  modern('2026: initialize is gone', 18, 'initialize', { protocolVersion: '2026-07-28', capabilities: {}, clientInfo: { name: 'a', version: '1' } }),
  modern('2026: Accept: text/event-stream only', 19, 'tools/list', {}, { headers: { accept: 'text/event-stream' } }),
  modern('2026: Accept: text/html', 20, 'tools/call', { name: 'echo', arguments: { text: 'h' } }, { headers: { accept: 'text/html' } }),
  {
    name: '2026: the routing header without the envelope',
    dialect: '2026',
    headers: { ...STREAMABLE, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    body: rpc(21, 'tools/list'),
  },
  {
    name: '2026: a notification',
    dialect: '2026',
    headers: { ...STREAMABLE, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'notifications/cancelled' },
    body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: ENVELOPE } },
  },
  {
    name: '2026: a batch carrying the envelope',
    dialect: '2026',
    headers: { ...STREAMABLE, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    body: [rpc(22, 'tools/list', { _meta: ENVELOPE })],
  },

  // Malformed requests and other HTTP methods.
  { name: 'http: malformed JSON', dialect: 'http', headers: STREAMABLE, body: { raw: '{"jsonrpc":' } },
  { name: 'http: empty body', dialect: 'http', headers: STREAMABLE, body: { raw: '' } },
  { name: 'http: JSON that is not JSON-RPC', dialect: 'http', headers: STREAMABLE, body: { hello: 'world' } },
  { name: 'http: jsonrpc 1.0', dialect: 'http', headers: STREAMABLE, body: { jsonrpc: '1.0', id: 1, method: 'ping' } },
  { name: 'http: params that are an array', dialect: 'http', headers: STREAMABLE, body: { jsonrpc: '2.0', id: 1, method: 'ping', params: [] } },
  { name: 'http: a null id', dialect: 'http', headers: STREAMABLE, body: { jsonrpc: '2.0', id: null, method: 'ping' } },
  { name: 'http: Content-Type text/plain', dialect: 'http', headers: { ...STREAMABLE, 'content-type': 'text/plain' }, body: { raw: 'hello' } },
  { name: 'http: GET', dialect: 'http', method: 'GET', headers: { accept: 'text/event-stream' } },
  { name: 'http: DELETE', dialect: 'http', method: 'DELETE', headers: { 'mcp-session-id': 'abc' } },
  {
    name: 'http: body over both limits',
    dialect: 'http',
    headers: STREAMABLE,
    body: rpc(1, 'ping', { pad: 'x'.repeat(4_300_000) }),
    differences: ['smallerBodyLimit'],
  },
  {
    name: 'http: body over toolgate limit only',
    dialect: 'http',
    headers: STREAMABLE,
    body: rpc(1, 'ping', { pad: 'x'.repeat(1_100_000) }),
    differences: ['smallerBodyLimit'],
  },
  {
    name: 'http: a browser Origin that is not allowed',
    dialect: 'http',
    headers: { ...STREAMABLE, origin: 'http://evil.example' },
    body: rpc(1, 'ping'),
    differences: ['originGuard'],
  },
];
