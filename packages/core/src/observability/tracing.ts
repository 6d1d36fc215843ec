import type { IncomingMessage } from 'node:http';
import type { CallToolOutcome } from '../protocol/tool-result.ts';
import type { UpstreamObserver } from '../upstream-observer.ts';

/**
 * What the gateway asks of tracing. Nothing here imports OpenTelemetry: with tracing off there is
 * no Tracing at all (undefined), callers skip it with one check, and the SDK is never loaded.
 */
export interface Tracing {
  /** A SERVER span for one HTTP request, continuing the caller's `traceparent`/`tracestate`. */
  startRequest(request: IncomingMessage, route: string): RequestTrace;
  /** A span per tool call, named and attributed per OpenTelemetry's MCP conventions. */
  traceToolCall(call: ToolCallInfo, run: () => Promise<CallToolOutcome>): Promise<CallToolOutcome>;
  /**
   * A CLIENT span around one outgoing call; `run` gets the headers that carry it on
   * (`traceparent`, and `tracestate` when the caller sent one). `errorTypeOf` names a failure
   * that came back as a value rather than a throw.
   */
  traceClientCall<T>(
    name: string,
    attributes: Record<string, string | number | boolean>,
    run: (headers: Record<string, string>) => Promise<T>,
    errorTypeOf?: (value: T) => string | undefined,
  ): Promise<T>;
  /**
   * Watches @toolgate/upstream's clients: a CLIENT span per upstream attempt, its traceparent
   * added to the request (upstream-spans.ts). Handed to packs through PackDependencies.
   */
  upstreamObserver: UpstreamObserver;
  /** `trace_id` and `span_id` of the span active here, for log lines; empty outside any span. */
  logFields(): { trace_id?: string; span_id?: string };
  /** Sends what is still batched, then stops. */
  shutdown(): Promise<void>;
}

export interface RequestTrace {
  /** False when the span was not sampled: it carries the trace's context on, and `end` does nothing. */
  readonly recording: boolean;
  /** Runs the rest of the request inside the span's context, so later spans are its children. */
  run<T>(next: () => T): T;
  /** Ends the span; `finished` is false when the client left before the answer was sent. */
  end(status: number, finished: boolean): void;
}

export interface ToolCallInfo {
  /** The MCP method (`mcp.method.name`). */
  method: string;
  pack: string;
  tool: string;
  /** The JSON-RPC request's id (not recorded when null). */
  jsonRpcId: string | number | null;
  /** The call's `params._meta`: a `traceparent` there (MCP's own propagation) is the span's parent. */
  meta: unknown;
}
