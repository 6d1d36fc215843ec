import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The mount point itself (`/<segment>/mcp`): not a path below it, nor the same with a trailing slash. */
export function isMountPoint(request: Request): boolean {
  // `url`, not Express's `path` getter: the MCP lane (mcp-lanes.ts) may hand in a bare request.
  const query = request.url.indexOf('?');
  if ((query === -1 ? request.url : request.url.slice(0, query)) !== '/') return false;
  const url = request.originalUrl;
  const originalQuery = url.indexOf('?');
  return !(originalQuery === -1 ? url : url.slice(0, originalQuery)).endsWith('/');
}

/**
 * Runs `handler` only for the mount point itself, so any other path is the app's plain 404 and
 * never reaches the guards: a client probing `/<segment>/mcp/…` must not read a 401 as "this
 * exists, authenticate".
 */
export function exactPath(handler: RequestHandler): RequestHandler {
  return function exactPathMiddleware(request: Request, response: Response, next: NextFunction) {
    if (!isMountPoint(request)) return next();
    return handler(request, response, next);
  };
}
