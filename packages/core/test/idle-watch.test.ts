import { IdleWatch } from '../src/http/idle-watch.ts';

// Jest's clock (timers and performance.now), not the machine's: the sweep's bounds are checked
// exactly, however loaded the machine running the tests is.
const { jest: clock } = import.meta as unknown as { jest: typeof jest };

beforeEach(() => clock.useFakeTimers());
afterEach(() => clock.useRealTimers());

/** The milliseconds from now until `onIdle` runs, or null if it has not run by `untilMs`. */
function idleAfter(watch: IdleWatch, untilMs: number, whileWaiting?: (touch: () => void) => void) {
  const started = performance.now();
  let reported: number | null = null;
  const watcher = watch.watch(() => (reported = performance.now() - started));
  whileWaiting?.(() => watcher.touch());
  return { watcher, result: () => (clock.advanceTimersByTime(untilMs), reported) };
}

describe('IdleWatch: one sweep for every body being read', () => {
  it.each([0, 1, 25, 49])(
    'reports a read that has gone quiet, between idleMs and 1.25 × idleMs after its last chunk (read starting %i ms into a sweep)',
    (offset) => {
      const watch = new IdleWatch(200);
      // Another read, kept busy, starts the sweep first: the measured one starts out of its phase.
      const busy = watch.watch(() => undefined);
      const keepBusy = setInterval(() => busy.touch(), 10);
      clock.advanceTimersByTime(offset);
      const at = idleAfter(watch, 600).result();
      clearInterval(keepBusy);
      busy.stop();
      expect(at).not.toBeNull();
      expect(at!).toBeGreaterThanOrEqual(200);
      expect(at!).toBeLessThanOrEqual(200 * 1.25);
    },
  );

  it('a read that keeps receiving chunks is never reported; once they stop, it is', () => {
    const watch = new IdleWatch(150);
    let reported: number | null = null;
    const started = performance.now();
    const watcher = watch.watch(() => (reported = performance.now() - started));
    const trickle = setInterval(() => watcher.touch(), 40);
    clock.advanceTimersByTime(450);
    expect(reported).toBeNull();
    clearInterval(trickle);
    clock.advanceTimersByTime(450);
    // Reported only after the trickle stopped (its last chunk at 440 ms), not at 150 ms.
    expect(reported).not.toBeNull();
    expect(reported!).toBeGreaterThanOrEqual(440 + 150);
    expect(reported!).toBeLessThanOrEqual(440 + 150 * 1.25);
  });

  it('a finished read (stop) is never reported, and the watch still serves reads after it went quiet', () => {
    const watch = new IdleWatch(100);
    const first = idleAfter(watch, 300);
    first.watcher.stop();
    expect(first.result()).toBeNull();
    // The sweep stopped when nothing was left to watch; a new read starts it again.
    expect(clock.getTimerCount()).toBe(0);
    expect(idleAfter(watch, 400).result()).not.toBeNull();
  });

  it('reports each quiet read once, among many watched together', () => {
    const watch = new IdleWatch(100);
    const reports = new Array<number>(50).fill(0);
    const watchers = reports.map((_, index) => watch.watch(() => (reports[index]! += 1)));
    // Half of them finish in time.
    watchers.slice(0, 25).forEach((watcher) => watcher.stop());
    clock.advanceTimersByTime(400);
    expect(reports.slice(0, 25).every((count) => count === 0)).toBe(true);
    expect(reports.slice(25).every((count) => count === 1)).toBe(true);
  });
});
