import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Takes the caller's `X-Request-Id` when it is sane, otherwise makes one; echoes it back. */
export function requestId() {
  return function requestIdMiddleware(request: Request, response: Response, next: NextFunction): void {
    const incoming = request.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    response.locals.requestId = id;
    response.setHeader('x-request-id', id);
    next();
  };
}

export function requestIdOf(response: Response): string {
  return (response.locals.requestId as string | undefined) ?? 'unknown';
}
