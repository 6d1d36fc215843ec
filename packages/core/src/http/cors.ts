import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { originAllowed, varyOnOrigin } from './origin-guard.ts';

/** What MCP clients send: the SDKs' transports, 2026-07-28's routing headers, API keys, SSE resumption. */
const ALLOWED_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
  'x-api-key',
  'x-request-id',
  'last-event-id',
].join(', ');

/** What they read: a browser hides every other response header from the page. */
const EXPOSED_HEADERS = [
  'mcp-session-id',
  'mcp-protocol-version',
  'www-authenticate',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'x-request-id',
].join(', ');

/**
 * CORS for the origins the origin guard lets through (ALLOWED_ORIGINS, localhost by default),
 * so a page can call the gateway. Answers preflights itself (204), before any API key check:
 * a browser sends a preflight without credentials. Requests without `Origin` get no CORS
 * headers, but every answer says `Vary: Origin`: its headers would differ with another Origin.
 * Returns whether it answered (a preflight).
 */
export function corsHeaders(allowedOrigins: readonly string[] | undefined, methods = 'POST, GET, DELETE, OPTIONS') {
  const isAllowed = originAllowed(allowedOrigins);
  return function applyCors(request: IncomingMessage, response: ServerResponse): boolean {
    varyOnOrigin(response);
    const origin = request.headers.origin;
    if (origin === undefined || !isAllowed(origin)) return false;
    response.setHeader('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      response.setHeader('access-control-allow-methods', methods);
      response.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
      response.setHeader('access-control-max-age', '86400');
      response.statusCode = 204;
      response.end();
      return true;
    }
    response.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
    return false;
  };
}

/** The same as Express middleware, for the routes Express serves (OAuth discovery). */
export function cors(allowedOrigins: readonly string[] | undefined, methods?: string) {
  const applyCors = corsHeaders(allowedOrigins, methods);
  return function corsMiddleware(request: Request, response: Response, next: NextFunction): void {
    if (!applyCors(request, response)) next();
  };
}
