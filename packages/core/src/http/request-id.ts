import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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

/** The caller's `X-Request-Id` when it is sane, otherwise a made one. */
export function requestIdFor(request: IncomingMessage, makeId: () => string): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : makeId();
}

/** The same for the routes Express serves: echoed back, and kept in `locals` for their logs. */
export function requestId(makeId = requestIdMaker()) {
  return function requestIdMiddleware(request: Request, response: Response, next: NextFunction): void {
    const id = requestIdFor(request, makeId);
    response.locals.requestId = id;
    response.setHeader('x-request-id', id);
    next();
  };
}
