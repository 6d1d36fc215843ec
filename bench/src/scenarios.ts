/** What the benchmark sends and to whom: every server gets the same request of its dialect. */

export interface BenchRequest {
  headers: Record<string, string>;
  body: string;
}

export interface Scenario {
  /** Row name in the report and key in the results file. */
  name: string;
  /** The server program, relative to `src/servers/`; it runs in its own process. */
  server: string;
  dialect: '2025' | '2026';
  kind: 'toolgate' | 'baseline' | 'peer';
  /** The MCP-Protocol-Version a 2025-era peer needs instead of 2025-11-25 (mcp-lite knows up to 2025-06-18). */
  protocolVersion?: string;
  description: string;
}

export const MCP_PATH = '/bench/mcp';
export const CALL_ARGUMENTS = { author: 'socrates' };

const callParams = { name: 'random_quote', arguments: CALL_ARGUMENTS };

/**
 * A 2025-era client's tools/call as the SDK's own clients send it: the SDK's transport
 * answers 406 unless Accept lists both types, so every server gets this same request.
 */
export const LEGACY_CALL: BenchRequest = {
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: callParams }),
};

/** The same call from a 2026-07-28 client: per-request envelope in `_meta` plus the mirrored headers. */
export const MODERN_CALL: BenchRequest = {
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'random_quote',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      ...callParams,
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  }),
};

export function requestFor(scenario: Scenario): BenchRequest {
  const request = scenario.dialect === '2026' ? MODERN_CALL : LEGACY_CALL;
  if (!scenario.protocolVersion) return request;
  return { ...request, headers: { ...request.headers, 'mcp-protocol-version': scenario.protocolVersion } };
}

/**
 * Every server, in the order they take turns. `kind` says what each row is: toolgate itself,
 * a baseline without an MCP layer, or a peer framework a user might pick instead.
 */
export const SCENARIOS: Scenario[] = [
  { name: 'gateway', kind: 'toolgate', server: 'gateway-server.ts', dialect: '2025', description: 'toolgate all-in-one gateway (every pack, as pnpm start)' },
  { name: 'gateway-2026', kind: 'toolgate', server: 'gateway-server.ts', dialect: '2026', description: 'toolgate all-in-one gateway, 2026-07-28 call' },
  { name: 'gateway-workers', kind: 'toolgate', server: 'gateway-cluster-server.ts', dialect: '2025', description: 'toolgate all-in-one gateway, WORKERS=2 (node:cluster)' },
  { name: 'toolgate', kind: 'toolgate', server: 'toolgate-server.ts', dialect: '2025', description: 'toolgate, one pack (createApp)' },
  { name: 'node-http', kind: 'baseline', server: 'node-http-server.ts', dialect: '2025', description: 'bare node:http: parse body, write the same JSON (the limit)' },
  { name: 'feature-floor', kind: 'baseline', server: 'feature-floor-server.ts', dialect: '2025', description: 'node:http plus only what every gateway call keeps: request id, metrics, bounded body, envelope check, zod in and out' },
  { name: 'express', kind: 'baseline', server: 'express-server.ts', dialect: '2025', description: 'Express 5, express.json() + handler, no MCP layer' },
  { name: 'mcp-lite', kind: 'peer', server: 'mcp-lite-server.ts', dialect: '2025', protocolVersion: '2025-06-18', description: 'mcp-lite 0.10.0 (Hono node adapter)' },
  { name: 'tmcp', kind: 'peer', server: 'tmcp-server.ts', dialect: '2025', description: 'tmcp 1.20.0 + @tmcp/transport-http 0.9.0' },
  { name: 'hono-mcp', kind: 'peer', server: 'hono-mcp-server.ts', dialect: '2025', description: '@hono/mcp 0.3.2 + SDK v1 McpServer, per request' },
  { name: 'sdk-v1', kind: 'peer', server: 'sdk-v1-server.ts', dialect: '2025', description: 'SDK 1.32.2, stateless Express pattern' },
  { name: 'sdk-v2', kind: 'peer', server: 'sdk-server.ts', dialect: '2025', description: 'SDK v2 createMcpHandler (stateless fallback, SSE answer)' },
  { name: 'sdk-v2-2026', kind: 'peer', server: 'sdk-server.ts', dialect: '2026', description: 'SDK v2 createMcpHandler, 2026-07-28 call (JSON answer)' },
  { name: 'fastmcp', kind: 'peer', server: 'fastmcp-server.ts', dialect: '2025', description: 'fastmcp 4.20.16, stateless httpStream' },
];
