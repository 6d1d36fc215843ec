import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs `handler` only for the mount point itself (`/<segment>/mcp`), so a path below it is
 * the app's plain 404 and never reaches the guards: a client probing `/<segment>/mcp/…`
 * must not read a 401 as "this exists, authenticate".
 */
export function exactPath(handler: RequestHandler): RequestHandler {
  return function exactPathMiddleware(request: Request, response: Response, next: NextFunction) {
    if (request.path !== '/') return next();
    return handler(request, response, next);
  };
}
