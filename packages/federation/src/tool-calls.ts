import { errorResult, type CallToolResult, type Tracing } from '@toolgate/core';
import type { Logger } from 'pino';
import { classifyCallFailure } from './call-failure.ts';
import type { ConnectionBounds } from './federation-settings.ts';
import type { ForwardContext } from './forwarding/forwarder.ts';
import type { RemoteRequests } from './forwarding/remote-requests.ts';
import { ServerUnreachableError, type RemoteConnection } from './remote-connection.ts';

export interface ToolCallsOptions {
  /** The pack's name, in messages. */
  name: string;
  connection: RemoteConnection;
  requests: RemoteRequests;
  bounds: ConnectionBounds;
  logger: Logger;
  redact: (text: string) => string;
  kind: 'http' | 'stdio';
  url?: URL | undefined;
  /** OpenTelemetry: each forwarded call gets a CLIENT span, carried on to the server. None when off. */
  tracing?: Tracing | undefined;
}

/**
 * A remote pack's tools/call: forwarded with everything the server sends during it routed back
 * (forwarding/), traced when tracing is on. A failure the caller can act on (unreachable, timed
 * out, cancelled, an answer too large, a JSON-RPC error of the server's) is a tool error naming
 * the pack and the tool.
 */
export function createToolCalls(options: ToolCallsOptions) {
  const { name: pack, connection, requests, bounds, logger, redact } = options;

  const unavailable = (tool: string, reason: string) => errorResult(`${pack}: ${tool} is unavailable: the MCP server cannot be reached (${reason}); try again later.`);

  function failed(tool: string, error: unknown, signal: AbortSignal): CallToolResult {
    if (error instanceof ServerUnreachableError) return unavailable(tool, error.message);
    const failure = signal.aborted ? ({ kind: 'cancelled' } as const) : classifyCallFailure(error, true);
    switch (failure.kind) {
      case 'timeout':
        return errorResult(`${pack}: ${tool} did not answer within ${bounds.timeoutMs} ms (MCP_SERVER_TIMEOUT_MS); try again later.`);
      case 'cancelled':
        return errorResult(`${pack}: the call to ${tool} was cancelled.`);
      case 'too-large':
        logger.warn({ tool, maxAnswerBytes: bounds.maxAnswerBytes }, 'a remote answer passed MCP_MAX_ANSWER_BYTES and was not read further');
        return errorResult(`${pack}: the answer to ${tool} was refused: ${failure.message} (MCP_MAX_ANSWER_BYTES).`);
      case 'refused':
        // The server answered with a JSON-RPC error (unknown tool, invalid params, its own -32000): its words.
        return errorResult(`${pack}: the server refused the call to ${tool}: ${redact(failure.message)}`);
      case 'transport':
        return unavailable(tool, redact(error instanceof Error ? error.message : String(error)));
    }
  }

  async function forward(tool: string, params: Record<string, unknown>, context: ForwardContext, trace: Record<string, string> | undefined): Promise<CallToolResult> {
    const sent = trace ? { ...params, _meta: { ...(params._meta as Record<string, unknown> | undefined), ...trace } } : params;
    try {
      // Read field by field: core's context is a class whose fields are getters (a spread would lose them).
      const forwarded: ForwardContext = { signal: context.signal, clientCapabilities: context.clientCapabilities, client: context.client, headers: trace };
      return (await requests.callTool(tool, sent, forwarded)) as CallToolResult;
    } catch (error) {
      return failed(tool, error, context.signal);
    }
  }

  function spanAttributes(tool: string): Record<string, string | number> {
    const attributes: Record<string, string | number> = {
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': tool,
      'gen_ai.operation.name': 'execute_tool',
      'network.transport': options.kind === 'http' ? 'tcp' : 'pipe',
      'toolgate.pack': pack,
    };
    if (options.url) {
      attributes['server.address'] = options.url.hostname;
      attributes['server.port'] = Number(options.url.port || (options.url.protocol === 'https:' ? 443 : 80));
    }
    return attributes;
  }

  return {
    call(tool: string, params: Record<string, unknown>, context: ForwardContext): Promise<CallToolResult> {
      const { tracing } = options;
      if (!tracing) return forward(tool, params, context, undefined);
      return tracing.traceClientCall(`tools/call ${tool}`, spanAttributes(tool), (trace) => forward(tool, params, context, trace), (result) =>
        result.isError ? 'tool_error' : undefined,
      );
    },

    /**
     * A call of a tool not listed, when there is a better answer than "not found": while the server
     * has never been reached its tools are unknown, and a refused list serves none of them.
     */
    unlisted(tool: string): CallToolResult | undefined {
      const refused = connection.lists.tools.listProblem;
      if (refused) return errorResult(`${pack}: ${tool} is not served: ${refused}`);
      return connection.lists.tools.everListed || connection.connected ? undefined : unavailable(tool, connection.lastError ?? 'not connected yet');
    },
  };
}
