import type { ServerResponse } from 'node:http';
import type { JsonRpcResponse } from '../mcp/json-rpc.ts';
import { ErrorCode } from '../mcp/protocol.ts';

/**
 * A single call refused for the caller's budget (caller-policy.ts) is answered 429 with
 * Retry-After, as a refusal of the whole request is; undefined for every other answer.
 */
export function budgetRefusalStatus(answer: JsonRpcResponse, response: ServerResponse): number | undefined {
  if (!('error' in answer) || answer.error.code !== ErrorCode.TooManyRequests) return undefined;
  const retryAfter = (answer.error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof retryAfter === 'number') response.setHeader('retry-after', String(retryAfter));
  return 429;
}
