import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { errorResponse, type JsonRpcRequest, type JsonRpcResponse, type JsonRpcId } from '../protocol/json-rpc.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { RequestLimits } from '../limits-config.ts';
import { Refusal, refusalOf } from '../protocol/refusal.ts';

/** Refuses a batch over MAX_BATCH_SIZE before a single member is looked at. */
export function checkBatchSize(size: number, maxBatchSize: number): void {
  if (size <= maxBatchSize) return;
  throw new Refusal(
    400,
    ErrorCode.InvalidRequest,
    `Bad Request: a JSON-RPC batch may hold at most ${maxBatchSize} messages and this one holds ${size}; send them in several requests`,
    { data: { maxBatchSize, batchSize: size } },
  );
}

function tooLarge(id: JsonRpcId, maxResponseBytes: number): Buffer {
  const text = JSON.stringify(
    errorResponse(
      id,
      ErrorCode.TooLarge,
      `Response too large: the answers to this batch reached the ${maxResponseBytes}-byte limit before this call was answered; send it again in a smaller batch`,
    ),
  );
  return Buffer.from(text);
}

function serialise(reply: JsonRpcResponse): string {
  try {
    return JSON.stringify(reply);
  } catch {
    return JSON.stringify(errorResponse(reply.id, ErrorCode.InternalError, 'Internal error: the answer could not be serialised as JSON'));
  }
}

/**
 * Answers a batch's requests, each serialised and encoded as UTF-8 as it completes, in their
 * order. At most `batchConcurrency` members run at once, and each worker yields to the event
 * loop before its next member, so a health probe or another client's call is served between
 * members instead of after the whole batch. Encoding each member in its own turn leaves the
 * answer's final write a copy: joining, measuring and encoding megabytes of text in one step
 * after the last member held the event loop for tens of milliseconds a batch, and batches that
 * end together end in the same turn. Once the answers reach `maxResponseBytes`, the members not
 * yet run are not run: each gets a short error instead (so the body is bounded by the limit
 * plus one such error per unanswered member).
 */
export async function answerBatch(
  requests: readonly JsonRpcRequest[],
  handle: (request: JsonRpcRequest) => Promise<JsonRpcResponse>,
  limits: Pick<RequestLimits, 'batchConcurrency' | 'maxResponseBytes'>,
): Promise<Buffer[]> {
  const parts = new Array<Buffer>(requests.length);
  let next = 0;
  // "[", "]" and the commas between members.
  let bytes = 1 + requests.length;
  let full = false;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      await nextTurn();
      const request = requests[index]!;
      if (full) {
        parts[index] = tooLarge(request.id, limits.maxResponseBytes);
        continue;
      }
      let part: Buffer = Buffer.from(serialise(await handle(request)));
      if (full || bytes + part.length > limits.maxResponseBytes) {
        full = true;
        part = tooLarge(request.id, limits.maxResponseBytes);
      } else {
        bytes += part.length;
      }
      parts[index] = part;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.batchConcurrency, requests.length) }, worker));
  return parts;
}

/**
 * A batch's answers, watched for refusals of 429 (the caller's budget) as they complete. When
 * every answer is one, nothing in the batch was done and the batch is refused as a single call
 * is: 429 with the latest Retry-After of its members (the day's, when a minute refusal sits beside
 * it: the minute ending would not help). When anything else was answered, the batch is 200 and
 * carries no Retry-After (RFC 9110 gives it meaning with 3xx, 429 and 503, not with a success):
 * each refused member's error says when to retry it (docs/security.md).
 */
export class BatchRefusals {
  #refused = 0;
  #retryAfterSeconds: number | undefined;

  /** Passes the answer on unchanged. */
  readonly note = (answer: JsonRpcResponse): JsonRpcResponse => {
    const refusal = refusalOf(answer);
    if (refusal?.httpStatus === 429) {
      this.#refused += 1;
      const retryAfter = refusal.headers['retry-after'];
      if (retryAfter !== undefined) this.#retryAfterSeconds = Math.max(this.#retryAfterSeconds ?? 0, Number(retryAfter));
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
