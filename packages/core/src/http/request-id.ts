import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Made ids are this process's random prefix and a counter, as Fastify and pino-http make theirs:
 * unique across processes and restarts (48 random bits each), and a fraction of randomUUID's
 * cost, which was about 1 µs of a cheap call in process. They show how many requests this
 * process has made ids for, nothing else.
 */
export function requestIdMaker(prefix = randomBytes(6).toString('hex')): () => string {
  let made = 0;
  return () => `${prefix}-${(++made).toString(36)}`;
}

/** Takes the caller's `X-Request-Id` when it is sane, otherwise makes one; echoes it back. */
export function requestId(makeId = requestIdMaker()) {
  return function requestIdMiddleware(request: Request, response: Response, next: NextFunction): void {
    const incoming = request.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : makeId();
    response.locals.requestId = id;
    response.setHeader('x-request-id', id);
    next();
  };
}

export function requestIdOf(response: Response): string {
  return (response.locals.requestId as string | undefined) ?? 'unknown';
}
