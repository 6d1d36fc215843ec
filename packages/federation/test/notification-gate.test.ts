import { LIST_CHANGED_WINDOW_MS, NOTIFICATIONS_PER_SECOND, NotificationGate } from '../src/notification-gate.ts';

function gate() {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  const later: string[] = [];
  const dropped: number[] = [];
  const subject = new NotificationGate({
    later: (method) => later.push(method),
    onDropped: (count) => dropped.push(count),
    now: () => now,
    setTimer: (run, ms) => timers.push({ at: now + ms, run }),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0).filter((each) => each.at <= now || (timers.push(each), false))) timer.run();
  };
  return { subject, later, dropped, advance };
}

const listChanged = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });

describe('NotificationGate: what of a storm of notifications reaches the SDK', () => {
  it('a burst of list_changed: the first now, the rest of its window as one at the window\'s end', () => {
    const { subject, later, advance } = gate();
    const passed = Array.from({ length: 2_000 }, () => subject.admits(listChanged)).filter(Boolean);
    expect(passed).toHaveLength(1);
    expect(later).toEqual([]);
    advance(LIST_CHANGED_WINDOW_MS);
    expect(later).toEqual(['notifications/tools/list_changed']);
    // The one passed on late opened the next window.
    expect(subject.admits(listChanged)).toBe(false);
    advance(LIST_CHANGED_WINDOW_MS);
    expect(later).toHaveLength(2);
  });

  it('a lone list_changed after a quiet window passes at once', () => {
    const { subject, advance } = gate();
    expect(subject.admits(listChanged)).toBe(true);
    advance(LIST_CHANGED_WINDOW_MS);
    expect(subject.admits(listChanged)).toBe(true);
  });

  it('other notifications pass up to the rate, the rest are dropped and counted once a second', () => {
    const { subject, dropped, advance } = gate();
    const log = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
    const passed = Array.from({ length: 500 }, () => subject.admits(log)).filter(Boolean);
    expect(passed).toHaveLength(NOTIFICATIONS_PER_SECOND);
    advance(1_000);
    expect(subject.admits(log)).toBe(true);
    expect(dropped).toEqual([500 - NOTIFICATIONS_PER_SECOND]);
  });

  it('requests and answers always pass: something waits on them', () => {
    const { subject } = gate();
    for (let count = 0; count < 1_000; count += 1) {
      expect(subject.admits(JSON.stringify({ jsonrpc: '2.0', id: count, method: 'ping' }))).toBe(true);
      expect(subject.admits(JSON.stringify({ jsonrpc: '2.0', id: count, result: {} }))).toBe(true);
      expect(subject.admits('not json at all')).toBe(true);
    }
  });
});
