/**
 * Polls `check` every 100 ms until it holds. No deadline of its own by default: how long a
 * loaded machine takes is not what a test checks, and the test's own timeout catches a hang.
 * `giveUpAfterMs` is for a caller that handles the failure itself (it throws then).
 */
export async function until(check: () => Promise<boolean> | boolean, giveUpAfterMs?: number): Promise<void> {
  const deadline = giveUpAfterMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + giveUpAfterMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
