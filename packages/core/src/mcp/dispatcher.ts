import type { Logger } from 'pino';
import type { Tracing } from '../observability/tracing.ts';
import type { Pack } from '../pack.ts';
import type { Caller } from '../security/policy/caller.ts';
import { recordOutcome } from './call-record.ts';
import { callTool, errorResult, type CallOutcome, type CallToolOutcome } from './call-tool.ts';
import { errorResponse, resultResponse, type JsonRpcRequest, type JsonRpcResponse } from './json-rpc.ts';
import {
  ErrorCode,
  LATEST_LEGACY_PROTOCOL_VERSION,
  META_SERVER_INFO,
  MODERN_PROTOCOL_VERSIONS,
  isLegacyVersion,
} from './protocol.ts';
import { buildToolCatalog } from './tool-catalog.ts';

export type Dialect = 'legacy' | 'modern';

export interface DispatchContext {
  dialect: Dialect;
  requestId: string;
  signal: AbortSignal;
  logger: Logger;
  /** Declared in a 2026-07-28 envelope; 2025-era clients declared theirs at an initialize this stateless server never saw. */
  clientCapabilities?: Record<string, unknown>;
  /** The authenticated caller and its policy (caller-policy.ts applies it); absent on an open gateway. */
  caller?: Caller;
}

export interface ToolCallObserver {
  (event: { pack: string; tool: string; outcome: CallOutcome; seconds: number }): void;
}

export interface Dispatcher {
  readonly pack: Pack;
  /** Answers one JSON-RPC request. Never throws. */
  handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse>;
}

/** How long a 2026 client may cache list and discover results: the tool set is fixed per deployment. */
const LIST_TTL_MS = 300_000;
/** A remote pack's tools change when its server says so; a client re-lists them sooner. */
const REMOTE_LIST_TTL_MS = 30_000;

/**
 * The long-lived dispatcher of one pack: everything that does not depend on the request
 * (tool catalogue, JSON Schemas, server info) is built here once.
 */
export function createDispatcher(pack: Pack, options: { onToolCall?: ToolCallObserver; tracing?: Tracing | undefined } = {}): Dispatcher {
  const catalog = buildToolCatalog(pack);
  const remote = pack.remoteTools;
  const serverInfo = { name: `toolgate-${pack.name}`, version: pack.version };
  const capabilities = { tools: { listChanged: false } };
  const modernMeta = { [META_SERVER_INFO]: serverInfo };
  const instructions = pack.instructions === undefined ? {} : { instructions: pack.instructions };

  const modernList = (result: Record<string, unknown>) => ({
    ...result,
    resultType: 'complete',
    ttlMs: remote ? REMOTE_LIST_TTL_MS : LIST_TTL_MS,
    cacheScope: 'public',
    _meta: modernMeta,
  });

  async function handleToolsCall(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const name = request.params?.name;
    if (typeof name !== 'string') return errorResponse(request.id, ErrorCode.InvalidParams, 'Invalid params: tools/call needs params.name');
    const tool = catalog.find(name);
    if (!tool) return remote ? forwardToolsCall(request, name, context) : errorResponse(request.id, ErrorCode.InvalidParams, `Tool ${name} not found`);
    const missing = missingCapabilities(tool.requiredClientCapabilities, context.clientCapabilities);
    if (missing) {
      return errorResponse(request.id, ErrorCode.MissingRequiredClientCapability, `Missing required client capability: ${Object.keys(missing).join(', ')}`, {
        requiredCapabilities: missing,
      });
    }
    return answerCall(request, name, context, () => callTool(tool, request.params?.arguments, context));
  }

  // A remote pack's tool: the server's own answer, unchanged (packages/federation).
  function forwardToolsCall(request: JsonRpcRequest, name: string, context: DispatchContext): Promise<JsonRpcResponse> | JsonRpcResponse {
    if (!remote!.list().some((tool) => tool.name === name)) {
      const answer = remote!.unlisted?.(name);
      return answer ? resultResponse(request.id, answer) : errorResponse(request.id, ErrorCode.InvalidParams, `Tool ${name} not found`);
    }
    const args = request.params?.arguments;
    return answerCall(request, name, context, () => callRemoteTool(name, args && typeof args === 'object' ? (args as Record<string, unknown>) : undefined, context));
  }

  async function callRemoteTool(name: string, args: Record<string, unknown> | undefined, context: DispatchContext): Promise<CallToolOutcome> {
    try {
      const result = await remote!.call(name, args, context);
      return { result, outcome: result.isError ? 'tool_error' : 'ok' };
    } catch (error) {
      context.logger.error({ err: error, tool: name }, 'remote tool call failed');
      return { result: errorResult(`Internal error in ${name} (request id ${context.requestId}); the operator has the details.`), outcome: 'internal_error' };
    }
  }

  /** One tool call, built in or remote: timed, observed, and framed for the client's dialect. */
  async function answerCall(request: JsonRpcRequest, name: string, context: DispatchContext, run: () => Promise<CallToolOutcome>): Promise<JsonRpcResponse> {
    const started = performance.now();
    const { tracing } = options;
    const { result, outcome } = await (tracing ? tracing.traceToolCall({ pack: pack.name, tool: name, requestId: request.id, meta: request.params?._meta }, run) : run());
    options.onToolCall?.({ pack: pack.name, tool: name, outcome, seconds: (performance.now() - started) / 1000 });
    recordOutcome(outcome);
    if (context.dialect !== 'modern') return resultResponse(request.id, result);
    // A remote server's own _meta is kept; ours names the server the client talks to.
    const meta = typeof result._meta === 'object' && result._meta ? { ...result._meta, ...modernMeta } : modernMeta;
    return resultResponse(request.id, { ...result, resultType: 'complete', _meta: meta });
  }

  function handleInitialize(request: JsonRpcRequest): JsonRpcResponse {
    const requested = request.params?.protocolVersion;
    const protocolVersion = typeof requested === 'string' && isLegacyVersion(requested) ? requested : LATEST_LEGACY_PROTOCOL_VERSION;
    return resultResponse(request.id, { protocolVersion, capabilities, serverInfo, ...instructions });
  }

  // Not async: tools/call's own promise is passed on as it is, and the rest are answered at once.
  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    return request.method === 'tools/call' ? handleToolsCall(request, context) : Promise.resolve(answer(request, context));
  }

  function answer(request: JsonRpcRequest, context: DispatchContext): JsonRpcResponse {
    const modern = context.dialect === 'modern';
    switch (request.method) {
      case 'tools/list':
        return resultResponse(request.id, modern ? modernList({ tools: catalog.listed }) : { tools: catalog.listed });
      case 'ping':
        // 2026-07-28 dropped ping; only the handshake era has it.
        if (!modern) return resultResponse(request.id, {});
        break;
      case 'initialize':
        if (!modern) return handleInitialize(request);
        break;
      case 'server/discover':
        if (modern) {
          return resultResponse(
            request.id,
            // serverInfo travels in _meta on 2026-07-28; the discover result itself has no such field.
            modernList({ supportedVersions: [...MODERN_PROTOCOL_VERSIONS], capabilities, ...instructions }),
          );
        }
        break;
    }
    return errorResponse(request.id, ErrorCode.MethodNotFound, 'Method not found');
  }

  return { pack, handle };
}

/** The required capabilities the client did not declare, or undefined when none is missing or nothing is known. */
function missingCapabilities(
  required: Record<string, Record<string, unknown>> | undefined,
  declared: Record<string, unknown> | undefined,
): Record<string, Record<string, unknown>> | undefined {
  if (!required || !declared) return undefined;
  const missing = Object.entries(required).filter(([name]) => declared[name] === undefined);
  return missing.length > 0 ? Object.fromEntries(missing) : undefined;
}
