import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs handlers in order as one middleware, as `app.use(path, a, b, c)` would run them, but
 * without matching and trimming the path again for each one. Express's semantics are kept: a
 * handler moves on with `next()` (or `next('route')`, which between `app.use` layers means the
 * same), fails with `next(error)`, a throw or a rejection, and `next('router')` leaves the app.
 */
export function chainHandlers(handlers: readonly RequestHandler[]): RequestHandler {
  return function chained(request: Request, response: Response, done: NextFunction): void {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error && error !== 'route') return done(error);
      const handler = handlers[index++];
      if (!handler) return done();
      try {
        const result: unknown = handler(request, response, next);
        if (result instanceof Promise) result.catch((failure: unknown) => next(failure ?? new Error('Rejected promise')));
      } catch (failure) {
        next(failure);
      }
    };
    next();
  };
}
