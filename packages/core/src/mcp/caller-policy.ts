import type { RejectionObserver } from '../http/rejection.ts';
import type { AccessPolicy } from '../security/policy/access-policy.ts';
import type { BudgetState, CallBudget, Charge } from '../security/policy/call-budget.ts';
import type { Caller } from '../security/policy/caller.ts';
import type { AuditLog, AuditOutcome } from './audit-log.ts';
import { CallRecord, runRecorded } from './call-record.ts';
import type { Dispatcher, DispatchContext } from './dispatcher.ts';
import { errorResponse, type JsonRpcRequest, type JsonRpcResponse } from './json-rpc.ts';
import { META_BUDGET, META_CACHE, ErrorCode } from './protocol.ts';

export interface CallerPolicyOptions {
  /** Per-caller minute limits and daily quotas (API_KEYS_FILE, scopes); none: calls are not counted here. */
  budget?: CallBudget;
  audit?: AuditLog;
  /** Told of each call the policy refuses (`toolgate_policy_refusals_total`); create-app.ts hands in the metrics'. */
  observeRejection?: RejectionObserver;
  now?: () => number;
}

/**
 * The one place a caller's policy meets a pack: wraps the pack's dispatcher so that tools/list
 * shows only the tools the caller may call, tools/call refuses the others and spends the
 * caller's budget, each result's `_meta` tells the budget left and the cache's freshness, and
 * every call writes one audit line. Every endpoint that answers for a pack (its own
 * /<segment>/mcp, the combined /mcp) goes through it, with the Caller the auth step put on the
 * DispatchContext; no caller (an open gateway) sees everything and has no budget here.
 */
export function withCallerPolicy(dispatcher: Dispatcher, options: CallerPolicyOptions = {}): Dispatcher {
  const pack = dispatcher.pack.name;
  const now = options.now ?? Date.now;
  const observeRejection = options.observeRejection ?? (() => {});
  // One filtered list per policy and source list: callers sharing a policy share the copy, and a
  // remote pack's new list (a new array) is filtered again.
  const filtered = new WeakMap<AccessPolicy, { source: readonly unknown[]; tools: unknown[] }>();

  function filterList(response: JsonRpcResponse, policy: AccessPolicy): JsonRpcResponse {
    if (!('result' in response)) return response;
    const result = response.result as { tools?: readonly { name: string }[]; cacheScope?: string };
    const source = result.tools;
    if (!source) return response;
    let entry = filtered.get(policy);
    if (entry?.source !== source) {
      entry = { source, tools: source.filter((tool) => policy.allowsTool(pack, tool.name)) };
      filtered.set(policy, entry);
    }
    // A 2026-07-28 list may be cached by a client: this one is the caller's, not everyone's.
    const scope = result.cacheScope === undefined ? {} : { cacheScope: 'private' };
    return { ...response, result: { ...result, tools: entry.tools, ...scope } };
  }

  function notAllowed(request: JsonRpcRequest, caller: Caller, tool: string): JsonRpcResponse {
    return errorResponse(request.id, ErrorCode.Forbidden, `Forbidden: the tool ${tool} is not allowed for this ${caller.kind}`, { pack, tool });
  }

  function tooMany(request: JsonRpcRequest, caller: Caller, refusal: Extract<Charge, { allowed: false }>): JsonRpcResponse {
    const reset = new Date(refusal.resetAt).toISOString();
    const spent = refusal.window === 'minute' ? `limit of ${refusal.limit} tool calls per minute` : `daily quota of ${refusal.limit} tool calls (UTC day)`;
    const message = `Too Many Requests: this ${caller.kind}'s ${spent} is spent; retry after ${refusal.retryAfterSeconds} s (${reset})`;
    return errorResponse(request.id, ErrorCode.TooManyRequests, message, { retryAfterSeconds: refusal.retryAfterSeconds, limit: refusal.limit, reset, window: refusal.window });
  }

  /** The result's `_meta`, with the caller's budget and the caches' freshness when there is something to say. */
  function withMeta(response: JsonRpcResponse, state: BudgetState | undefined, record: CallRecord): JsonRpcResponse {
    if (!('result' in response)) return response;
    const lookups = record.cacheHits + record.cacheMisses;
    if (!state && lookups === 0) return response;
    const result = response.result as Record<string, unknown> & { _meta?: Record<string, unknown> };
    const meta: Record<string, unknown> = { ...result._meta };
    if (state) meta[META_BUDGET] = budgetMeta(state);
    if (lookups > 0) {
      const age = record.cacheHits > 0 ? Math.max(0, Math.round((now() - record.oldestCachedAt) / 1000)) : 0;
      meta[META_CACHE] = { hit: record.cacheMisses === 0, ageSeconds: age };
    }
    return { ...response, result: { ...result, _meta: meta } };
  }

  async function handleCall(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const started = performance.now();
    const { caller } = context;
    const name = typeof request.params?.name === 'string' ? request.params.name : undefined;
    let response: JsonRpcResponse;
    let outcome: AuditOutcome;
    let record: CallRecord | undefined;
    // Refused before it is counted: a tool the caller may not call costs nothing.
    const allowed = !caller || name === undefined || caller.policy.allowsTool(pack, name);
    const charge = allowed && caller?.policy.metered && options.budget ? await options.budget.charge(caller) : undefined;
    if (!allowed) {
      response = notAllowed(request, caller!, name!);
      outcome = 'not_allowed';
      observeRejection({ kind: 'policy', reason: 'tool_not_allowed' });
    } else if (charge && !charge.allowed) {
      response = tooMany(request, caller!, charge);
      outcome = charge.window === 'minute' ? 'rate_limited' : 'over_quota';
      observeRejection({ kind: 'policy', reason: charge.window === 'minute' ? 'minute_limit' : 'daily_quota' });
    } else {
      record = new CallRecord();
      response = withMeta(await runRecorded(record, () => dispatcher.handle(request, context)), charge?.state, record);
      // No outcome: the dispatcher answered a protocol error (no name, an unknown tool, a missing capability).
      outcome = record.outcome ?? 'protocol_error';
    }
    options.audit?.({
      requestId: context.requestId,
      caller,
      pack,
      tool: name,
      outcome,
      ms: performance.now() - started,
      record,
      arguments: request.params?.arguments,
      result: 'result' in response ? response.result : response.error,
    });
    return response;
  }

  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    if (request.method === 'tools/call') return handleCall(request, context);
    const policy = context.caller?.policy;
    if (request.method === 'tools/list' && policy?.restricted) return dispatcher.handle(request, context).then((response) => filterList(response, policy));
    return dispatcher.handle(request, context);
  }

  return { pack: dispatcher.pack, handle };
}

function budgetMeta(state: BudgetState): Record<string, unknown> {
  const window = (entry: { limit: number; remaining: number; resetAt: number }) => ({ limit: entry.limit, remaining: entry.remaining, reset: new Date(entry.resetAt).toISOString() });
  return { ...(state.minute ? { minute: window(state.minute) } : {}), ...(state.day ? { day: window(state.day) } : {}) };
}
