import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../protocol/error-codes.ts';
import { Refusal } from '../protocol/refusal.ts';

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
 * Marks an answer as depending on the request's Origin (`Vary: Origin`), whatever the Origin
 * was, absent included: a shared cache must not hand one origin's answer (its CORS headers, or
 * a refusal naming it) to another.
 */
export function varyOnOrigin(response: ServerResponse): void {
  const vary = response.getHeader('vary');
  if (vary === undefined) response.setHeader('vary', 'Origin');
  else if (!/(^|,)\s*origin\s*(,|$)/i.test(String(vary))) response.setHeader('vary', `${String(vary)}, Origin`);
}

/**
 * DNS-rebinding guard: a browser page may only reach the gateway from an allowed origin.
 * Requests without `Origin` (every non-browser client) pass. With no list, localhost origins pass.
 */
export function originGuard(allowedOrigins: readonly string[] | undefined) {
  const isAllowed = originAllowed(allowedOrigins);
  return function checkOrigin(request: IncomingMessage): Refusal | undefined {
    const origin = request.headers.origin;
    if (origin === undefined || isAllowed(origin)) return undefined;
    return new Refusal(403, ErrorCode.Forbidden, `Invalid Origin: ${origin}`);
  };
}
