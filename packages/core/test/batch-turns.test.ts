import { setImmediate as nextTurn } from 'node:timers/promises';
import { answerBatch } from '../src/http/batch.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../src/protocol/json-rpc.ts';

/**
 * Runs a batch of 100 beside a clock that counts turns of the event loop; every answer records
 * the turn it was serialised in. Steps, not milliseconds: the same on any machine, under any load.
 */
async function encodedTurns(batchConcurrency: number) {
  let turn = 0;
  let done = false;
  const clock = (async () => {
    while (!done) {
      await nextTurn();
      turn += 1;
    }
  })();
  const encodedIn: number[] = [];
  const requests: JsonRpcRequest[] = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/call' }));
  const answer = async (request: JsonRpcRequest): Promise<JsonRpcResponse> => ({
    jsonrpc: '2.0',
    id: request.id,
    result: { text: { toJSON: () => (encodedIn.push(turn), 'x'.repeat(1_000)) } },
  });
  const parts = await answerBatch(requests, answer, { batchConcurrency, maxResponseBytes: 10_000_000 });
  done = true;
  await clock;
  return { parts, encodedIn };
}

// The event-loop test's second half, in steps: eight batches of long answers ending together held
// a probe for half a second because every answer was joined and encoded in one step at the end.
describe('a batch encodes each answer in its own turn of the event loop', () => {
  it('at most BATCH_CONCURRENCY answers per turn, spread over the batch (none left for the end)', async () => {
    const { parts, encodedIn } = await encodedTurns(4);
    expect(parts.map((part) => JSON.parse(part.toString()).id)).toEqual(Array.from({ length: 100 }, (_, id) => id));
    const perTurn = new Map<number, number>();
    for (const turn of encodedIn) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(4);
    // 100 answers, 4 a turn: 25 turns at least, and each turn's answers are already bytes.
    expect(perTurn.size).toBeGreaterThanOrEqual(25);
    expect(parts.every((part) => Buffer.isBuffer(part))).toBe(true);
  });

  it('one member a turn with BATCH_CONCURRENCY 1', async () => {
    const { encodedIn } = await encodedTurns(1);
    expect(new Set(encodedIn).size).toBe(100);
  });
});
