export interface LoadResult<T> {
  /** Every request's outcome, in completion order. */
  outcomes: Array<{ index: number; startedAt: number; ok: boolean; value?: T; error?: string }>;
}

/**
 * Sends `total` requests, `concurrency` at a time (a bounded loop: it always ends), and calls
 * `onProgress` after each completion so a test can act in the middle of the load.
 */
export async function runLoad<T>(options: {
  total: number;
  concurrency: number;
  request(index: number): Promise<{ ok: boolean; value?: T; error?: string }>;
  onProgress?(completed: number): void;
}): Promise<LoadResult<T>> {
  const outcomes: LoadResult<T>['outcomes'] = [];
  let next = 0;
  const worker = async () => {
    while (next < options.total) {
      const index = next;
      next += 1;
      const startedAt = performance.now();
      try {
        outcomes.push({ index, startedAt, ...(await options.request(index)) });
      } catch (error) {
        outcomes.push({ index, startedAt, ok: false, error: (error as Error).message });
      }
      options.onProgress?.(outcomes.length);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { outcomes };
}
