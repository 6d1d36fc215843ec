import { IdleWatch } from '../src/http/idle-watch.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the milliseconds from now until `onIdle` runs (or null if it has not by `untilMs`). */
function idleAfter(watch: IdleWatch, untilMs: number, whileWaiting?: (touch: () => void) => void) {
  const started = performance.now();
  let reported: number | null = null;
  const watcher = watch.watch(() => (reported = performance.now() - started));
  whileWaiting?.(() => watcher.touch());
  return { watcher, result: sleep(untilMs).then(() => reported) };
}

describe('IdleWatch: one sweep for every body being read', () => {
  it('reports a read that has gone quiet, between idleMs and 1.25 × idleMs after its last chunk', async () => {
    const watch = new IdleWatch(200);
    const { result } = idleAfter(watch, 600);
    const at = await result;
    expect(at).not.toBeNull();
    expect(at!).toBeGreaterThanOrEqual(200);
    // A quarter-interval sweep, plus timer slack on a loaded machine.
    expect(at!).toBeLessThan(200 * 1.25 + 150);
  });

  it('a read that keeps receiving chunks is never reported; once they stop, it is', async () => {
    const watch = new IdleWatch(150);
    let trickle: NodeJS.Timeout | undefined;
    const { result } = idleAfter(watch, 900, (touch) => {
      trickle = setInterval(touch, 40);
    });
    await sleep(450);
    clearInterval(trickle);
    const at = await result;
    // Reported only after the trickle stopped (at ~450 ms), not at 150 ms.
    expect(at).not.toBeNull();
    expect(at!).toBeGreaterThanOrEqual(450 + 150 - 45);
  });

  it('a finished read (stop) is never reported, and the watch still serves reads after it went quiet', async () => {
    const watch = new IdleWatch(100);
    const first = idleAfter(watch, 300);
    first.watcher.stop();
    expect(await first.result).toBeNull();
    // The sweep stopped when nothing was left to watch; a new read starts it again.
    const second = idleAfter(watch, 400);
    expect(await second.result).not.toBeNull();
  });

  it('reports each quiet read once, among many watched together', async () => {
    const watch = new IdleWatch(100);
    const reports = new Array<number>(50).fill(0);
    const watchers = reports.map((_, index) => watch.watch(() => (reports[index]! += 1)));
    // Half of them finish in time.
    watchers.slice(0, 25).forEach((watcher) => watcher.stop());
    await sleep(400);
    expect(reports.slice(0, 25).every((count) => count === 0)).toBe(true);
    expect(reports.slice(25).every((count) => count === 1)).toBe(true);
  });
});
