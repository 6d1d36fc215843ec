import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { errorResponse, type JsonRpcResponse } from '../protocol/json-rpc.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { ClientAbort } from './client-abort.ts';
import { Refusal } from '../protocol/refusal.ts';

function sendJson(response: ServerResponse, status: number, body: JsonRpcResponse, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.statusCode = status;
  for (const name in headers) response.setHeader(name, headers[name]!);
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('content-length', Buffer.byteLength(text));
  response.end(text);
}

/**
 * The one way a request that failed is answered, MCP endpoint and other routes alike: a JSON-RPC
 * error body with the right status, never a stack trace. A client that left gets nothing; an
 * answer already begun cannot be changed, so its connection is cut.
 */
export function answerProblem(error: unknown, response: ServerResponse, logger: Logger, requestId: string | undefined): void {
  if (error instanceof ClientAbort) {
    logger.debug({ requestId }, error.message);
    response.destroy();
    return;
  }
  if (response.headersSent) {
    logger.error({ err: error, requestId }, 'failed after the answer began');
    response.destroy();
    return;
  }
  if (error instanceof Refusal) return sendJson(response, error.httpStatus, error.answer(), error.headers);
  // body-parser style errors carry a status; anything else is our fault.
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return sendJson(response, status, errorResponse(null, ErrorCode.InvalidRequest, (error as Error).message));
  }
  logger.error({ err: error, requestId }, 'unhandled error');
  sendJson(response, 500, errorResponse(null, ErrorCode.InternalError, 'Internal error'));
}
