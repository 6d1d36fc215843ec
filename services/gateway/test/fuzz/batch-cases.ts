import { callText, type FuzzCase } from './fuzz-case.ts';

/** MAX_BATCH_SIZE's default: the fuzz run starts the gateway without setting it. */
export const MAX_BATCH_SIZE = 100;

const list = (id: number | string) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/list"}`;
const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
const notification = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
const batch = (members: string[]) => `[${members.join(',')}]`;

/**
 * Batches at, around and far past MAX_BATCH_SIZE (issue 11): members of every kind mixed
 * (hostile arguments, unknown tools and methods, notifications, client responses, duplicate
 * ids), and the check that every request member gets exactly one answer.
 */
export function batchCases(tool: string, validArgs: Record<string, unknown>): FuzzCase[] {
  const args = JSON.stringify(validArgs);
  const ids = (count: number) => Array.from({ length: count }, (_, id) => id);
  const cases: FuzzCase[] = [];
  const add = (label: string, body: string, options: Omit<FuzzCase, 'label' | 'body'> = {}) => cases.push({ label, body, ...options });

  add(`batch of ${MAX_BATCH_SIZE} calls (the limit)`, batch(ids(MAX_BATCH_SIZE).map((id) => callText(tool, args, String(id)))), { batchIds: ids(MAX_BATCH_SIZE) });
  add(`batch of ${MAX_BATCH_SIZE} calls, SSE`, batch(ids(MAX_BATCH_SIZE).map((id) => callText(tool, args, String(id)))), {
    batchIds: ids(MAX_BATCH_SIZE),
    headers: { accept: 'text/event-stream' },
  });
  add(`batch of ${MAX_BATCH_SIZE + 1} calls`, batch(ids(MAX_BATCH_SIZE + 1).map((id) => callText(tool, args, String(id)))), { mustFail: true });
  add(`batch of ${MAX_BATCH_SIZE + 1} notifications`, batch(ids(MAX_BATCH_SIZE + 1).map(() => notification)), { mustFail: true });
  add('batch of 10,000 tools/list', batch(ids(10_000).map(list)), { mustFail: true });
  add('batch of 60,000 empty objects', batch(ids(60_000).map(() => '{}')), { mustFail: true });

  const hostile = [
    callText(tool, 'null'),
    callText(tool, '"s"'),
    callText(tool, `${'['.repeat(5_000)}${']'.repeat(5_000)}`),
    callText(tool, '{"__proto__":{"polluted":"yes"}}'),
    callText(tool, `{"x":"${'g'.repeat(200_000)}"}`),
    callText('no-such-tool', args),
    callText(tool.toUpperCase(), args),
  ];
  const mixed: string[] = [];
  const requestIds: number[] = [];
  for (let id = 0; mixed.length < MAX_BATCH_SIZE; id += 1) {
    const kind = id % 6;
    if (kind === 4) mixed.push(notification);
    else if (kind === 5) mixed.push(`{"jsonrpc":"2.0","id":${id},"result":{}}`);
    else {
      requestIds.push(id);
      const member = kind === 0 ? list(id) : kind === 1 ? ping(id) : kind === 2 ? `{"jsonrpc":"2.0","id":${id},"method":"no/such/method"}` : hostile[id % hostile.length]!.replace('"id":1,', `"id":${id},`);
      mixed.push(member);
    }
  }
  add(`batch of ${MAX_BATCH_SIZE} mixed members`, batch(mixed), { batchIds: requestIds });
  add('batch with duplicate ids', batch([callText(tool, args, '7'), callText(tool, args, '7'), list(7)]), { batchIds: [7, 7, 7] });
  add('batch with string and number ids', batch([list('a'), list(1), list('1')]), { batchIds: ['a', 1, '1'] });
  return cases;
}
