import type { ServerResponse } from 'node:http';
import { ListChangeOutbox } from '../../src/streams/list-change-outbox.ts';
import type { Session } from '../../src/streams/session-store.ts';

const TOOLS = 'notifications/tools/list_changed';
const PROMPTS = 'notifications/prompts/list_changed';

/** A session's GET stream that records what it is sent; `full` stands for a client that stopped reading. */
function stream(): ServerResponse & { sent: string[]; full: boolean } {
  const sent: string[] = [];
  const fake = { sent, full: false, write: (text: string) => sent.push(text) };
  Object.defineProperty(fake, 'writableNeedDrain', { get: () => fake.full });
  return fake as unknown as ServerResponse & { sent: string[]; full: boolean };
}

const session = (open?: ServerResponse) => ({ id: 'a-session', stream: open }) as Session;
/** The outbox writes on the event loop's next turn: this waits for that turn, not for a clock. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const methodsOf = (sent: string[]) => sent.map((event) => (JSON.parse(event.slice(event.indexOf('data: ') + 6)) as { method: string }).method);

describe('list changes waiting for a session: at most one per list', () => {
  it('1,000 changes of one list and one of another in a turn reach the stream as one each', async () => {
    const open = stream();
    const reader = session(open);
    const outbox = new ListChangeOutbox();
    for (let change = 0; change < 1_000; change += 1) outbox.add(reader, TOOLS);
    outbox.add(reader, PROMPTS);
    await nextTurn();
    expect(methodsOf(open.sent)).toEqual([TOOLS, PROMPTS]);
    expect(open.sent[0]).toBe(`event: message\ndata: {"jsonrpc":"2.0","method":"${TOOLS}"}\n\n`);
  });

  it('keeps them for a session whose stream is not open yet, and writes them when it opens', async () => {
    const waiting = session();
    const outbox = new ListChangeOutbox();
    outbox.add(waiting, TOOLS);
    await nextTurn();
    const opened = stream();
    waiting.stream = opened;
    outbox.add(waiting, TOOLS);
    outbox.flush(waiting);
    expect(methodsOf(opened.sent)).toEqual([TOOLS]);
    await nextTurn();
    expect(methodsOf(opened.sent)).toEqual([TOOLS]);
  });

  it('holds one per list for a client that stopped reading, however many come, until its stream drains', async () => {
    const slow = stream();
    slow.full = true;
    const reader = session(slow);
    const outbox = new ListChangeOutbox();
    for (let turn = 0; turn < 100; turn += 1) {
      outbox.add(reader, TOOLS);
      outbox.add(reader, PROMPTS);
      await nextTurn();
    }
    expect(slow.sent).toEqual([]);
    slow.full = false;
    outbox.flush(reader);
    expect(methodsOf(slow.sent)).toEqual([TOOLS, PROMPTS]);
  });

  it('forgets a closed session', async () => {
    const closing = session();
    const outbox = new ListChangeOutbox();
    outbox.add(closing, TOOLS);
    outbox.forget(closing);
    const opened = stream();
    closing.stream = opened;
    outbox.flush(closing);
    expect(opened.sent).toEqual([]);
  });
});
