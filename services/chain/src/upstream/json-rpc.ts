import { z } from 'zod';
import type { HttpTransport } from './http-transport.ts';
import { UpstreamError } from '@toolgate/upstream';

export interface RpcCall {
  method: string;
  params: unknown[];
}

/** One answer: a result, or the node's error for that call alone (message already redacted). */
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; code: number; message: string; revertData?: string };

export interface JsonRpc {
  /** Several calls in one JSON-RPC batch: one HTTP round trip. Standard eth_* methods only (Alchemy refuses alchemy_* in batches). */
  batch(calls: RpcCall[], signal?: AbortSignal): Promise<RpcOutcome[]>;
  /** One call as a plain (unbatched) request. */
  call(call: RpcCall, signal?: AbortSignal): Promise<RpcOutcome>;
}

const rpcError = z.object({ code: z.number(), message: z.string().catch(''), data: z.unknown().optional() });
const rpcReply = z.union([
  z.object({ id: z.number(), result: z.unknown() }).refine((reply) => 'result' in reply),
  z.object({ id: z.number().nullish(), error: rpcError }),
]);
/** A node that rejects a whole batch answers one error object instead of an array. */
const batchRejected = z.object({ error: rpcError });

const MAX_MESSAGE = 200;
/** Revert data is ABI bytes (an Error(string), a Panic, a custom error, or none: "0x"); longer is not a reason worth reading. */
const revertBytes = z.string().regex(/^0x(?:[0-9a-fA-F]{2}){0,4096}$/);

/**
 * A revert's raw data, where the node gives it: geth and most nodes put the hex in `data`,
 * ganache in `data.result` (or `data.data`). It is contract output, not request text, so it
 * holds no secret; only well-formed hex is kept.
 */
function revertDataOf(data: unknown): { revertData?: string } {
  const nested = typeof data === 'object' && data !== null ? [(data as { result?: unknown }).result, (data as { data?: unknown }).data] : [];
  const found = [data, ...nested].find((value) => revertBytes.safeParse(value).success);
  return found === undefined ? {} : { revertData: found as string };
}

/**
 * A JSON-RPC endpoint. Every text a node sends back (error message, error data) goes through
 * `redact` before it can reach an error, a tool result or a log line: nodes echo the request,
 * and the request URL holds the key (Alchemy, Infura-style paths). Replies are matched by id.
 */
export function createJsonRpc(options: { transport: HttpTransport; url: string; label: string; redact: (text: string) => string }): JsonRpc {
  const { transport, url, label, redact } = options;
  const describe = (error: z.infer<typeof rpcError>) => {
    const data = error.data === undefined || error.data === null ? '' : ` (data: ${typeof error.data === 'string' ? error.data : JSON.stringify(error.data)})`;
    return redact(`${error.message}${data}`).slice(0, MAX_MESSAGE);
  };
  const outcomeOf = (item: unknown): { id: number | null | undefined; outcome: RpcOutcome } => {
    const parsed = rpcReply.safeParse(item);
    if (!parsed.success) throw new UpstreamError(`reply holds a malformed JSON-RPC answer`, { upstream: label, isRetryable: false });
    const answer = parsed.data;
    return 'error' in answer
      ? { id: answer.id, outcome: { ok: false, code: answer.error.code, message: describe(answer.error), ...revertDataOf(answer.error.data) } }
      : { id: answer.id, outcome: { ok: true, result: answer.result } };
  };
  // Transport failures are @toolgate/upstream's UpstreamError, already named by `label`.
  const post = (body: unknown, operation: string, signal?: AbortSignal) => transport.postJson(url, body, { signal, label, operation });
  // A batch of one method is labelled by it (eth_call ×12); a mixed one is `batch`: method names are ours, never the caller's.
  const operationOf = (calls: RpcCall[]) => (calls.every((call) => call.method === calls[0]?.method) ? (calls[0]?.method ?? 'batch') : 'batch');

  return {
    async batch(calls, signal) {
      const body = calls.map((call, index) => ({ jsonrpc: '2.0', id: index + 1, method: call.method, params: call.params }));
      const reply = await post(body, operationOf(calls), signal);
      if (!Array.isArray(reply)) {
        const rejected = batchRejected.safeParse(reply);
        if (rejected.success) throw new UpstreamError(`node error ${rejected.data.error.code}: ${describe(rejected.data.error)}`, { upstream: label, isRetryable: false });
        throw new UpstreamError(`reply is not a JSON-RPC batch answer`, { upstream: label, isRetryable: false });
      }
      const byId = new Map<number, RpcOutcome>();
      for (const item of reply) {
        const { id, outcome } = outcomeOf(item);
        if (typeof id === 'number') byId.set(id, outcome);
      }
      return calls.map((_call, index) => {
        const outcome = byId.get(index + 1);
        if (!outcome) throw new UpstreamError(`reply lacks the answer to call ${index + 1}`, { upstream: label, isRetryable: false });
        return outcome;
      });
    },

    async call(call, signal) {
      const reply = await post({ jsonrpc: '2.0', id: 1, method: call.method, params: call.params }, call.method, signal);
      if (Array.isArray(reply) || typeof reply !== 'object' || reply === null) {
        throw new UpstreamError(`reply is not a JSON-RPC answer`, { upstream: label, isRetryable: false });
      }
      return outcomeOf(reply).outcome;
    },
  };
}

/** A node failure as an error (the message is already redacted). */
export function nodeFailure(label: string, outcome: Extract<RpcOutcome, { ok: false }>): UpstreamError {
  return new UpstreamError(`node error ${outcome.code}: ${outcome.message}`, { upstream: label, isRetryable: false });
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
