import type { ServerResponse } from 'node:http';
import type { JsonRpcResponse } from '../mcp/json-rpc.ts';
import { ErrorCode } from '../mcp/protocol.ts';

/** A refusal for the caller's budget (caller-policy.ts): its Retry-After seconds, when it gave them; undefined for any other answer. */
function budgetRefusal(answer: JsonRpcResponse): { retryAfterSeconds: number | undefined } | undefined {
  if (!('error' in answer) || answer.error.code !== ErrorCode.TooManyRequests) return undefined;
  const retryAfter = (answer.error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return { retryAfterSeconds: typeof retryAfter === 'number' ? retryAfter : undefined };
}

/**
 * A single call refused for the caller's budget is answered 429 with Retry-After, as a refusal
 * of the whole request is; undefined for every other answer.
 */
export function budgetRefusalStatus(answer: JsonRpcResponse, response: ServerResponse): number | undefined {
  const refusal = budgetRefusal(answer);
  if (!refusal) return undefined;
  if (refusal.retryAfterSeconds !== undefined) response.setHeader('retry-after', String(refusal.retryAfterSeconds));
  return 429;
}

/**
 * A batch's answers, watched for budget refusals as they complete. When every answer is one,
 * nothing in the batch was done and the batch is refused as a single call is: 429 with the
 * latest Retry-After of its members (the day's, when a minute refusal sits beside it: the minute
 * ending would not help). When anything else was answered, the batch is 200 and carries no
 * Retry-After (RFC 9110 gives it meaning with 3xx, 429 and 503, not with a success): each
 * refused member's error says when to retry it (docs/security.md).
 */
export class BatchRefusals {
  #refused = 0;
  #retryAfterSeconds: number | undefined;

  /** Passes the answer on unchanged. */
  readonly note = (answer: JsonRpcResponse): JsonRpcResponse => {
    const refusal = budgetRefusal(answer);
    if (refusal) {
      this.#refused += 1;
      if (refusal.retryAfterSeconds !== undefined) this.#retryAfterSeconds = Math.max(this.#retryAfterSeconds ?? 0, refusal.retryAfterSeconds);
    }
    return answer;
  };

  /** The batch's status once its `answered` requests are in: 429 (and Retry-After) when all were refused, else 200. */
  status(answered: number, response: ServerResponse): number {
    if (answered === 0 || this.#refused < answered) return 200;
    if (this.#retryAfterSeconds !== undefined) response.setHeader('retry-after', String(this.#retryAfterSeconds));
    return 429;
  }
}
