import type { Logger } from 'pino';
import type { Caller } from '../protocol/caller.ts';
import type { CallRecord } from './call-record.ts';

/** How a tool call ended, as the audit line says it: the dispatcher's outcome, or the policy's refusal. */
export type AuditOutcome = 'ok' | 'invalid_arguments' | 'tool_error' | 'internal_error' | 'input_required' | 'cancelled' | 'not_allowed' | 'rate_limited' | 'over_quota' | 'protocol_error' | 'error';

export interface AuditEntry {
  requestId: string;
  caller: Caller | undefined;
  pack: string;
  tool: string | undefined;
  /** For a request other than tools/call: its method, and the prompt or URI it named. */
  method?: string;
  target?: string | undefined;
  outcome: AuditOutcome;
  ms: number;
  record: CallRecord | undefined;
  arguments?: unknown;
  result?: unknown;
}

export interface AuditLog {
  (entry: AuditEntry): void;
}

/**
 * One structured line per tool call (`"audit":"tool_call"`): time, request id, caller (key name
 * or token subject, never a key), pack, tool, outcome, latency and whether the cache answered.
 * A prompts/get or resources/read is a line too (`"audit":"request"`, with `method` and `target`:
 * the prompt or the URI). Arguments and results only with AUDIT_ARGUMENTS=true: they may hold
 * what users typed.
 */
export function createAuditLog(logger: Logger, options: { withArguments: boolean }): AuditLog {
  const toolCalls = logger.child({ audit: 'tool_call' });
  const requests = logger.child({ audit: 'request' });
  return function writeAuditLine(entry) {
    const audit = entry.method ? requests : toolCalls;
    if (!audit.isLevelEnabled('info')) return;
    const { record } = entry;
    const lookups = record ? record.cacheHits + record.cacheMisses : 0;
    audit.info(
      {
        requestId: entry.requestId,
        caller: entry.caller?.name ?? null,
        callerKind: entry.caller?.kind ?? null,
        pack: entry.pack,
        ...(entry.method ? { method: entry.method, target: entry.target ?? null } : { tool: entry.tool ?? null }),
        outcome: entry.outcome,
        ms: Math.round(entry.ms * 1000) / 1000,
        // null: the call looked nothing up in a cache (a local tool, or it was refused first).
        cacheHit: lookups === 0 ? null : record!.cacheMisses === 0,
        ...(options.withArguments ? { arguments: entry.arguments ?? null, result: entry.result ?? null } : {}),
      },
      entry.method ? entry.method : 'tool call',
    );
  };
}
