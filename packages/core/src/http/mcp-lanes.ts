import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';

type Handle = (request: IncomingMessage, response: ServerResponse, callback?: (error?: unknown) => void) => void;

export interface McpLanesOptions {
  /** `/<segment>/mcp` → that pack's handler chain, starting with the app-wide layers (the request id). */
  lanes: ReadonlyMap<string, RequestHandler>;
  onError: ErrorRequestHandler;
  /**
   * Whether the chain uses Express's request/response methods (the guards do: request.ip,
   * response.set). Without them the lane skips re-prototyping both objects, which cost as much
   * as the rest of the lane; the core's own handlers use node:http's API only.
   */
  expressApis: boolean;
}

/**
 * Sends `POST /<segment>/mcp` (the exact path, no query string) straight to its pack's handler
 * chain instead of through Express's router, which cost as much CPU per call as all of the
 * MCP work: a final handler built per request, every earlier layer (the request id, each pack
 * mounted before this one) matched and the path trimmed for each. The chain sees the request
 * as the mount would show it (`url` '/', `baseUrl`, `locals`); errors go to the same error
 * handler (with Express's prototypes then), so what the client sees is unchanged. Every other
 * request still goes through the router.
 */
export function installMcpLanes(app: Express, options: McpLanesOptions): void {
  const { lanes, onError, expressApis } = options;
  const express = app as unknown as { handle: Handle; request: object; response: object };
  const routed = express.handle.bind(app);
  const withExpress = (request: Request, response: Response) => {
    Object.setPrototypeOf(request, express.request);
    Object.setPrototypeOf(response, express.response);
  };

  express.handle = function handle(incoming, outgoing, callback) {
    const lane = incoming.method === 'POST' ? lanes.get(incoming.url ?? '') : undefined;
    if (!lane) return routed(incoming, outgoing, callback);
    const request = incoming as Request;
    const response = outgoing as Response;
    if (expressApis) withExpress(request, response);
    request.res = response;
    response.req = request;
    response.locals ??= Object.create(null);
    const path = request.url;
    request.originalUrl = path;
    request.baseUrl = path;
    request.url = '/';

    const fail = (error: unknown) => {
      if (!expressApis) withExpress(request, response);
      // The error handler passes on only what it cannot answer (the answer has begun): as
      // Express's final handler does then, cut the connection.
      onError(error, request, response, () => (callback ? callback(error) : request.socket.destroy()));
    };
    const next: NextFunction = (error?: unknown) => {
      if (error && error !== 'route' && error !== 'router') return fail(error);
      // The chain declined the request: the router answers it as it would have.
      request.url = path;
      request.baseUrl = '';
      if (!expressApis) withExpress(request, response);
      routed(request, response, callback);
    };
    run(lane, request, response, next);
  };
}

/** Calls one handler with Express's error semantics: a throw or a rejection is `next(error)`. */
function run(handler: RequestHandler, request: Request, response: Response, next: NextFunction): void {
  try {
    const result: unknown = handler(request, response, next);
    if (result instanceof Promise) result.catch((failure: unknown) => next(failure ?? new Error('Rejected promise')));
  } catch (failure) {
    next(failure);
  }
}
