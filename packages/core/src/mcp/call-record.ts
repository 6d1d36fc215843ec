import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallOutcome } from '../protocol/tool-result.ts';

/**
 * What one tool call learnt on its way, for its result's `_meta` and its audit line: how it
 * ended, and what the response caches answered. Kept in the call's async context, so a cache
 * deep inside a pack's upstream client reports to the call that asked, with no parameter threaded
 * through every tool (and concurrent calls never see each other's).
 */
export class CallRecord {
  outcome: CallOutcome | undefined;
  cacheHits = 0;
  cacheMisses = 0;
  /** Epoch ms when the oldest answer served from a cache was stored. */
  oldestCachedAt = Number.POSITIVE_INFINITY;
}

const current = new AsyncLocalStorage<CallRecord>();

export function runRecorded<T>(record: CallRecord, call: () => T): T {
  return current.run(record, call);
}

/** The dispatcher's word on how the call ended (call-tool.ts's outcome). */
export function recordOutcome(outcome: CallOutcome): void {
  const record = current.getStore();
  if (record) record.outcome = outcome;
}

/**
 * A response cache's lookup: `storedAt` (epoch ms) for a hit, undefined for a miss. Called by
 * @toolgate/upstream's caches; outside a tool call (a warm-up, a test) it does nothing.
 */
export function recordCacheLookup(storedAt: number | undefined): void {
  const record = current.getStore();
  if (!record) return;
  if (storedAt === undefined) {
    record.cacheMisses += 1;
    return;
  }
  record.cacheHits += 1;
  if (storedAt < record.oldestCachedAt) record.oldestCachedAt = storedAt;
}
