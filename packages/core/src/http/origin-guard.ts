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

/** Whether a browser origin may call the gateway: one of `allowedOrigins` (or `*`), else localhost only. */
export function originAllowed(allowedOrigins: readonly string[] | undefined): (origin: string) => boolean {
  const allowed = allowedOrigins ? new Set(allowedOrigins.map((origin) => origin.toLowerCase())) : undefined;
  return (origin) => (allowed ? allowed.has(origin.toLowerCase()) || allowed.has('*') : isLocalOrigin(origin));
}

/**
 * DNS-rebinding guard: a browser page may only reach the gateway from an allowed origin.
 * Requests without `Origin` (every non-browser client) pass. With no list, localhost origins pass.
 */
export function originGuard(allowedOrigins: readonly string[] | undefined) {
  const isAllowed = originAllowed(allowedOrigins);
  return function originGuardMiddleware(request: Request, _response: Response, next: NextFunction): void {
    const origin = request.headers.origin;
    if (origin === undefined) return next();
    if (isAllowed(origin)) return next();
    next(new HttpProblem(403, ErrorCode.ConnectionClosed, `Invalid Origin: ${origin}`));
  };
}
