import { HttpProblem } from './problem.ts';

/**
 * Why a request or call was turned away, as metrics count it: `toolgate_rate_limit_rejections_total`,
 * `toolgate_auth_rejections_total` and `toolgate_policy_refusals_total` by `reason`. A guard tags
 * its HttpProblem with one; an untagged 401 still counts as an auth rejection and an untagged 429
 * as a rate-limit one. The caller policy (caller-policy.ts) reports its in-band refusals directly.
 */
export type Rejection =
  | { kind: 'rate_limit'; reason: RateLimitReason }
  | { kind: 'auth'; reason: AuthReason }
  | { kind: 'policy'; reason: PolicyReason };

/** `requests`: the per-minute budget is spent; `batch`: a batch costs more than is left. */
export type RateLimitReason = 'requests' | 'batch' | 'other';
export type AuthReason = 'missing_credentials' | 'invalid_key' | 'invalid_token' | 'too_many_failures' | 'token_unverifiable' | 'unauthorized';
/**
 * The caller's policy (API_KEYS_FILE, scopes): a tool or a whole pack it may not use, or a tool
 * call over its `rate_limit_per_minute` or `daily_quota`. Counted per refused call (a batch's
 * refused members each count) and per request for a pack.
 */
export type PolicyReason = 'tool_not_allowed' | 'pack_not_allowed' | 'minute_limit' | 'daily_quota';

/** Every reason, so each series exists (at 0) from the start: a rate over a series born mid-spike misses its first count. */
export const RATE_LIMIT_REASONS: readonly RateLimitReason[] = ['requests', 'batch', 'other'];
export const AUTH_REASONS: readonly AuthReason[] = ['missing_credentials', 'invalid_key', 'invalid_token', 'too_many_failures', 'token_unverifiable', 'unauthorized'];
export const POLICY_REASONS: readonly PolicyReason[] = ['tool_not_allowed', 'pack_not_allowed', 'minute_limit', 'daily_quota'];

export type RejectionObserver = (rejection: Rejection) => void;

export function rejectionOf(problem: HttpProblem): Rejection | undefined {
  if (problem.rejection) return problem.rejection;
  if (problem.status === 401) return { kind: 'auth', reason: 'unauthorized' };
  if (problem.status === 429) return { kind: 'rate_limit', reason: 'other' };
  return undefined;
}

/** Tells `observe` of a guard's refusal (or a batch over the budget) among the errors a request failed with. */
export function observeRejection(error: unknown, observe: RejectionObserver): void {
  if (!(error instanceof HttpProblem)) return;
  const rejection = rejectionOf(error);
  if (rejection) observe(rejection);
}
