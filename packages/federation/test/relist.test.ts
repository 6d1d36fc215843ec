import { createLogger } from '@toolgate/core/server';
import { BURST_QUIET_MS, Relister } from '../src/relist.ts';

// Jest's clock: the interval is checked exactly, however loaded the machine is.
const { jest: clock } = import.meta as unknown as { jest: typeof jest };
beforeEach(() => clock.useFakeTimers());
afterEach(() => clock.useRealTimers());

function relister(minIntervalMs: number) {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (chunk: string) => lines.push(JSON.parse(chunk)) } as unknown as NodeJS.WritableStream;
  let finish: (() => void) | undefined;
  const relist = new Relister({
    // Each list runs until the test lets it end.
    list: () => new Promise<void>((resolve) => (finish = resolve)),
    minIntervalMs,
    logger: createLogger({ level: 'info', destination, name: 'test' }),
    now: () => Date.now(),
  });
  const end = async () => {
    finish?.();
    finish = undefined;
    await clock.advanceTimersByTimeAsync(0);
  };
  return { relist, lines, end };
}

describe('Relister: tools/list_changed coalesced per connection', () => {
  it('one list in flight and one waiting, however many notifications arrive', async () => {
    const { relist, end } = relister(1_000);
    for (let count = 0; count < 500; count += 1) relist.notify();
    expect(relist.started).toBe(1);
    await end();
    // The waiting list starts no sooner than the interval after the first.
    await clock.advanceTimersByTimeAsync(999);
    expect(relist.started).toBe(1);
    await clock.advanceTimersByTimeAsync(1);
    expect(relist.started).toBe(2);
    await end();
    await clock.advanceTimersByTimeAsync(10_000);
    expect(relist.started).toBe(2);
  });

  it('notifications during a list, and during the wait, are answered by the one waiting list', async () => {
    const { relist, end } = relister(1_000);
    relist.notify();
    relist.notify();
    await end();
    relist.notify();
    relist.notify();
    await clock.advanceTimersByTimeAsync(1_000);
    expect(relist.started).toBe(2);
    await end();
    await clock.advanceTimersByTimeAsync(5_000);
    expect(relist.started).toBe(2);
  });

  it('a notification long after the last list starts one at once', async () => {
    const { relist, end } = relister(1_000);
    relist.notify();
    await end();
    await clock.advanceTimersByTimeAsync(2_000);
    relist.notify();
    expect(relist.started).toBe(2);
    await end();
  });

  it('logs a burst once when it starts, and once when it has been quiet a while, with how much it coalesced', async () => {
    const { relist, lines, end } = relister(1_000);
    for (let count = 0; count < 299; count += 1) relist.notify();
    await end();
    await clock.advanceTimersByTimeAsync(1_000);
    await end();
    // One more after both lists ran, within the quiet time: the same burst.
    await clock.advanceTimersByTimeAsync(BURST_QUIET_MS - 1_500);
    relist.notify();
    await clock.advanceTimersByTimeAsync(1_000);
    await end();
    expect(lines).toHaveLength(1);
    await clock.advanceTimersByTimeAsync(BURST_QUIET_MS);
    expect(lines.map((line) => line.msg)).toEqual([
      'the server says its tools changed; listing them again',
      'the server said 300 times that its tools changed; listed them 3 times',
    ]);
  });

  it('after close, nothing more is listed', async () => {
    const { relist, end } = relister(1_000);
    relist.notify();
    relist.notify();
    relist.close();
    await end();
    await clock.advanceTimersByTimeAsync(5_000);
    relist.notify();
    expect(relist.started).toBe(1);
  });
});
