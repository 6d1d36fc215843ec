import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { errorResponse } from '../mcp/json-rpc.ts';
import { ErrorCode } from '../mcp/protocol.ts';
import { ClientAbort } from './client-abort.ts';
import { HttpProblem } from './problem.ts';

/** The one HTTP error handler: JSON-RPC error bodies, right statuses, never a stack trace. */
export function errorHandler(logger: Logger) {
  return function handleError(error: unknown, _request: Request, response: Response, next: NextFunction): void {
    if (error instanceof ClientAbort) {
      logger.debug({ requestId: response.locals.requestId }, error.message);
      response.destroy();
      return;
    }
    if (response.headersSent) return next(error);
    if (error instanceof HttpProblem) {
      response.status(error.status).set(error.headers).json(error.body);
      return;
    }
    // body-parser style errors carry a status; anything else is our fault.
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      response.status(status).json(errorResponse(null, ErrorCode.InvalidRequest, (error as Error).message));
      return;
    }
    logger.error({ err: error, requestId: response.locals.requestId }, 'unhandled error');
    response.status(500).json(errorResponse(null, ErrorCode.InternalError, 'Internal error'));
  };
}
