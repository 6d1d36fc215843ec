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
  description: string;
}

export const MCP_PATH = '/bench/mcp';
export const CALL_ARGUMENTS = { a: 2, b: 3 };

const callParams = { name: 'add', arguments: CALL_ARGUMENTS };

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
    'mcp-name': 'add',
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
  return scenario.dialect === '2026' ? MODERN_CALL : LEGACY_CALL;
}

export const SCENARIOS: Scenario[] = [
  { name: 'toolgate', server: 'toolgate-server.ts', dialect: '2025', description: 'toolgate pack (createApp), 2025-era call' },
  { name: 'express', server: 'express-server.ts', dialect: '2025', description: 'Express 5, express.json() + handler, no MCP layer' },
  { name: 'node-http', server: 'node-http-server.ts', dialect: '2025', description: 'bare node:http, parse body + write response' },
  { name: 'sdk', server: 'sdk-server.ts', dialect: '2025', description: "SDK v2 createMcpHandler, 2025-era call (stateless fallback, SSE answer)" },
  { name: 'toolgate-2026', server: 'toolgate-server.ts', dialect: '2026', description: 'toolgate pack, 2026-07-28 call' },
  { name: 'sdk-2026', server: 'sdk-server.ts', dialect: '2026', description: 'SDK v2 createMcpHandler, 2026-07-28 call (JSON answer)' },
];
