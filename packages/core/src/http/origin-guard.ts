import type { NextFunction, Request, Response } from 'express';
import { ErrorCode } from '../mcp/protocol.ts';
import { HttpProblem } from './problem.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocalOrigin(origin: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * DNS-rebinding guard: a browser page may only reach the gateway from an allowed origin.
 * Requests without `Origin` (every non-browser client) pass. With no list, localhost origins pass.
 */
export function originGuard(allowedOrigins: readonly string[] | undefined) {
  const allowed = allowedOrigins ? new Set(allowedOrigins.map((origin) => origin.toLowerCase())) : undefined;
  return function originGuardMiddleware(request: Request, _response: Response, next: NextFunction): void {
    const origin = request.headers.origin;
    if (origin === undefined) return next();
    const ok = allowed ? allowed.has(origin.toLowerCase()) || allowed.has('*') : isLocalOrigin(origin);
    if (ok) return next();
    next(new HttpProblem(403, ErrorCode.ConnectionClosed, `Invalid Origin: ${origin}`));
  };
}
