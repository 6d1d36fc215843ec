import { z } from 'zod';
import type { HttpTransport } from './http-transport.ts';
import { UpstreamError } from './upstream-error.ts';

export interface RpcCall {
  method: string;
  params: unknown[];
}

/** One answer of a batch: a result, or the node's error for that call alone. */
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; code: number; message: string };

const rpcError = z.object({ code: z.number(), message: z.string().catch('') });
const rpcReply = z.union([
  z.object({ id: z.number(), result: z.unknown() }).refine((reply) => 'result' in reply),
  z.object({ id: z.number(), error: rpcError }),
]);
/** A node that rejects the whole batch answers one error object instead of an array. */
const batchRejected = z.object({ error: rpcError });

/**
 * Sends several JSON-RPC calls as one batch: one HTTP round trip. Replies may come in
 * any order; they are matched by id. A reply that is not a well-formed batch answer is
 * an UpstreamError; a single call's error is returned for the caller to judge.
 */
export async function sendBatch(transport: HttpTransport, url: string, calls: RpcCall[], signal?: AbortSignal): Promise<RpcOutcome[]> {
  const body = calls.map((call, index) => ({ jsonrpc: '2.0', id: index + 1, method: call.method, params: call.params }));
  const reply = await transport.postJson(url, body, { signal });
  if (!Array.isArray(reply)) {
    const rejected = batchRejected.safeParse(reply);
    if (rejected.success) {
      throw new UpstreamError(`node error ${rejected.data.error.code}: ${rejected.data.error.message.slice(0, 200)}`, { failure: 'rpc' });
    }
    throw new UpstreamError('reply is not a JSON-RPC batch answer', { failure: 'malformed' });
  }
  const byId = new Map<number, RpcOutcome>();
  for (const item of reply) {
    const parsed = rpcReply.safeParse(item);
    if (!parsed.success) throw new UpstreamError('reply holds a malformed JSON-RPC answer', { failure: 'malformed' });
    const answer = parsed.data;
    byId.set(
      answer.id,
      'error' in answer ? { ok: false, code: answer.error.code, message: answer.error.message.slice(0, 200) } : { ok: true, result: answer.result },
    );
  }
  return calls.map((_call, index) => {
    const outcome = byId.get(index + 1);
    if (!outcome) throw new UpstreamError(`reply lacks the answer to call ${index + 1}`, { failure: 'malformed' });
    return outcome;
  });
}

/**
 * Whether a call's error means the contract itself refused (reverted, or has no such
 * function) rather than the node failing. Nodes word this differently; code 3 is the
 * standard "execution reverted" code.
 */
export function isContractRefusal(outcome: RpcOutcome): boolean {
  if (outcome.ok) return false;
  return outcome.code === 3 || /revert|invalid opcode|execution|out of gas|invalid jump/i.test(outcome.message);
}
