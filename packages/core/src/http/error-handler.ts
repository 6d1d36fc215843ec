import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { answerProblem } from './answer-problem.ts';

/** Express's error handler for the routes beside the MCP endpoints: answered as the endpoints answer. */
export function errorHandler(logger: Logger) {
  return function handleError(error: unknown, _request: Request, response: Response, _next: NextFunction): void {
    answerProblem(error, response, logger, response.locals.requestId as string | undefined);
  };
}
