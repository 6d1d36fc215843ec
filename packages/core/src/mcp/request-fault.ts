import { ErrorCode } from '../protocol/error-codes.ts';
import { Refusal } from '../protocol/refusal.ts';
import { ToolError } from '../tool.ts';
import type { ToolContext } from '../tool.ts';

/** A request's params are wrong: -32602 with a message the caller can act on. */
export function invalidParams(message: string, data?: unknown): Refusal {
  return new Refusal(200, ErrorCode.InvalidParams, message, data === undefined ? {} : { data });
}

/**
 * What a prompt or a read that threw becomes: a refusal as it is, a ToolError (the handler's word
 * to the caller) as invalid params with its message, anything else an internal error whose
 * details stay in the log.
 */
export function faultOf(error: unknown, what: string, context: ToolContext): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof ToolError) return invalidParams(error.message);
  context.logger.error({ err: error, what }, 'handler failed');
  return new Refusal(200, ErrorCode.InternalError, `Internal error in ${what} (request id ${context.requestId}); the operator has the details.`);
}

/** Arguments of a prompt or a completion's context: an object of strings, or nothing. */
export function stringRecord(value: unknown, what: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((entry) => typeof entry !== 'string')) {
    throw invalidParams(`Invalid params: ${what} must be an object of strings`);
  }
  return value as Record<string, string>;
}
