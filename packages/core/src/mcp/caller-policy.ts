import type { BudgetState, CallBudget, Caller, CallerPolicy, Charge } from '../protocol/caller.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../protocol/json-rpc.ts';
import { answerThrown, Refusal, type RefusalObserver } from '../protocol/refusal.ts';
import { META_BUDGET, META_CACHE } from '../protocol/revisions.ts';
import type { AuditLog, AuditOutcome } from './audit-log.ts';
import { CallRecord, runRecorded } from './call-record.ts';
import type { DispatchContext, Dispatcher } from './dispatch-context.ts';
import type { MethodTable, PolicyRule } from './method-entry.ts';
import { METHODS } from './method-table.ts';

type ListRule = Extract<PolicyRule, { kind: 'list' }>;
type UseRule = Extract<PolicyRule, { kind: 'use' }>;
type PackRule = Extract<PolicyRule, { kind: 'pack' }>;

export interface CallerPolicyOptions {
  /** Per-caller minute limits and daily quotas (API_KEYS_FILE, scopes); none: calls are not counted here. */
  budget?: CallBudget;
  audit?: AuditLog;
  /** Told of each call the policy refuses (`toolgate_policy_refusals_total`); create-app.ts hands in the metrics'. */
  observeRejection?: RefusalObserver;
  now?: () => number;
}

/**
 * The one place a caller's policy meets a pack: wraps the pack's dispatcher so that, as each
 * method's table entry says (its `policy`), a list shows only what the caller may use (tools/list),
 * a use of something else is refused and an allowed one spends the caller's budget (tools/call),
 * each result's `_meta` tells the budget left and the cache's freshness, and every use writes one
 * audit line. A pack's prompts and resources follow the pack (their rules are `allowsPackContent`):
 * listed and usable only with the whole pack granted; prompts/get and resources/read are charged
 * and audited as calls are, completion and subscriptions only refused. Every endpoint that answers for a pack (its own
 * /<segment>/mcp, the combined /mcp) goes through it, with the Caller the auth step put on the
 * DispatchContext; no caller (an open gateway) sees everything and has no budget here.
 */
export function withCallerPolicy(dispatcher: Dispatcher, options: CallerPolicyOptions = {}, methods: MethodTable = METHODS): Dispatcher {
  const pack = dispatcher.pack.name;
  const now = options.now ?? Date.now;
  const observeRejection = options.observeRejection ?? (() => {});
  // One filtered list per rule, policy and source list: callers sharing a policy share the copy,
  // and a remote pack's new list (a new array) is filtered again.
  const filtered = new Map<ListRule, WeakMap<CallerPolicy, { source: readonly unknown[]; items: unknown[] }>>();

  function filterList(response: JsonRpcResponse, rule: ListRule, policy: CallerPolicy): JsonRpcResponse {
    if (!('result' in response)) return response;
    const result = response.result as Record<string, unknown> & { cacheScope?: string };
    const source = result[rule.field] as readonly { name: string }[] | undefined;
    if (!source) return response;
    let ofRule = filtered.get(rule);
    if (!ofRule) filtered.set(rule, (ofRule = new WeakMap()));
    let entry = ofRule.get(policy);
    if (entry?.source !== source) {
      entry = { source, items: source.filter((item) => rule.allows(policy, pack, item)) };
      ofRule.set(policy, entry);
    }
    // A 2026-07-28 list may be cached by a client: this one is the caller's, not everyone's.
    const scope = result.cacheScope === undefined ? {} : { cacheScope: 'private' };
    return { ...response, result: { ...result, [rule.field]: entry.items, ...scope } };
  }

  function notAllowed(rule: UseRule, caller: Caller, name: string): Refusal {
    return new Refusal(200, ErrorCode.Forbidden, `Forbidden: the ${rule.noun} ${name} is not allowed for this ${caller.kind}`, {
      data: { pack, [rule.noun]: name },
      reason: { kind: 'policy', reason: rule.refusedAs },
    });
  }

  /** A request that needs the pack itself (completion, a subscription), from a caller the pack is not granted to. */
  function packNotAllowed(caller: Caller): Refusal {
    return new Refusal(200, ErrorCode.Forbidden, `Forbidden: the pack ${pack}'s prompts and resources are not allowed for this ${caller.kind}`, {
      data: { pack },
      reason: { kind: 'policy', reason: 'pack_not_allowed' },
    });
  }

  /** A single call refused for the caller's budget is answered 429 with Retry-After, as a refusal of the whole request is. */
  function tooMany(caller: Caller, refusal: Extract<Charge, { allowed: false }>): Refusal {
    const reset = new Date(refusal.resetAt).toISOString();
    const spent = refusal.window === 'minute' ? `limit of ${refusal.limit} tool calls per minute` : `daily quota of ${refusal.limit} tool calls (UTC day)`;
    const message = `Too Many Requests: this ${caller.kind}'s ${spent} is spent; retry after ${refusal.retryAfterSeconds} s (${reset})`;
    return new Refusal(429, ErrorCode.TooManyRequests, message, {
      data: { retryAfterSeconds: refusal.retryAfterSeconds, limit: refusal.limit, reset, window: refusal.window },
      headers: { 'retry-after': String(refusal.retryAfterSeconds) },
      reason: { kind: 'policy', reason: refusal.window === 'minute' ? 'minute_limit' : 'daily_quota' },
    });
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

  async function handleUse(rule: UseRule, request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const started = performance.now();
    const { caller } = context;
    const subject = request.params?.[rule.param];
    const name = typeof subject === 'string' ? subject : undefined;
    let response: JsonRpcResponse;
    let outcome: AuditOutcome;
    let record: CallRecord | undefined;
    // Refused before it is counted: a tool the caller may not call costs nothing.
    const allowed = !caller || name === undefined || rule.allows(caller.policy, pack, name);
    const charge = allowed && rule.metered && caller?.policy.metered && options.budget ? await options.budget.charge(caller) : undefined;
    const refusal = !allowed ? notAllowed(rule, caller!, name!) : charge && !charge.allowed ? tooMany(caller!, charge) : undefined;
    if (refusal) {
      response = refusal.answer(request.id);
      outcome = !allowed ? 'not_allowed' : (charge as { window: 'minute' | 'day' }).window === 'minute' ? 'rate_limited' : 'over_quota';
      observeRejection(refusal.reason!);
    } else {
      record = new CallRecord();
      let answer: JsonRpcResponse;
      try {
        answer = await runRecorded(record, () => dispatcher.handle(request, context));
      } catch (error) {
        answer = answerThrown(error, request.id);
      }
      response = withMeta(answer, charge?.allowed ? charge.state : undefined, record);
      // No outcome: the dispatcher answered a protocol error (no name, an unknown tool, a missing capability).
      outcome = record.outcome ?? (rule.noun === TOOL ? 'protocol_error' : requestOutcome(response));
    }
    if (rule.audited) {
      options.audit?.({
        requestId: context.requestId,
        caller,
        pack,
        // A prompt got or a resource read is audited with its method and what it named.
        tool: rule.noun === TOOL ? name : undefined,
        ...(rule.noun === TOOL ? {} : { method: request.method, target: name }),
        outcome,
        ms: performance.now() - started,
        record,
        arguments: request.params?.arguments,
        result: 'result' in response ? response.result : response.error,
      });
    }
    return response;
  }

  function handlePackOnly(rule: PackRule, request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const { caller } = context;
    if (!caller || rule.allows(caller.policy, pack)) return dispatcher.handle(request, context);
    const refusal = packNotAllowed(caller);
    observeRejection(refusal.reason!);
    return Promise.resolve(refusal.answer(request.id));
  }

  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const rule = methods.find(request.method, context.dialect)?.policy;
    if (rule?.kind === 'use') return handleUse(rule, request, context);
    if (rule?.kind === 'pack') return handlePackOnly(rule, request, context);
    const policy = context.caller?.policy;
    if (rule?.kind === 'list' && policy?.restricted) return dispatcher.handle(request, context).then((response) => filterList(response, rule, policy));
    return dispatcher.handle(request, context);
  }

  return { pack: dispatcher.pack, handle, sessions: dispatcher.sessions };
}

/** The noun of tools/call's use rule: its audit line is the tool call's (`"audit":"tool_call"`). */
const TOOL = 'tool';

/** How a prompt got or a resource read ended, for its audit line. */
function requestOutcome(response: JsonRpcResponse): AuditOutcome {
  if ('error' in response) return 'error';
  return response.result.resultType === 'input_required' ? 'input_required' : 'ok';
}

function budgetMeta(state: BudgetState): Record<string, unknown> {
  const window = (entry: { limit: number; remaining: number; resetAt: number }) => ({ limit: entry.limit, remaining: entry.remaining, reset: new Date(entry.resetAt).toISOString() });
  return { ...(state.minute ? { minute: window(state.minute) } : {}), ...(state.day ? { day: window(state.day) } : {}) };
}
