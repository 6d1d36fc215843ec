import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tracing } from './tracing.ts';

/**
 * The request's SERVER span, for whatever serves the MCP endpoint: call at entry, run the rest
 * of the request through `next`, and the span ends when the response closes (answered, or the
 * client gone). Only mounted when tracing is on: with it off, requests never reach this file.
 */
export function traceRequests(tracing: Tracing, route: string) {
  return function traceRequest(request: IncomingMessage, response: ServerResponse, next: () => void): void {
    const trace = tracing.startRequest(request, route);
    // An unsampled span has nothing to record at the end: no listener, no closure.
    if (trace.recording) response.once('close', () => trace.end(response.statusCode, response.writableFinished));
    trace.run(next);
  };
}
