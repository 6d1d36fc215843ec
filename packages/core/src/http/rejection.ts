import { HttpProblem } from './problem.ts';

/**
 * Why a guard turned a request away, as metrics count it: `toolgate_rate_limit_rejections_total`
 * and `toolgate_auth_rejections_total` by `reason`. A guard tags its HttpProblem with one; an
 * untagged 401 still counts as an auth rejection and an untagged 429 as a rate-limit one.
 */
export type Rejection =
  | { kind: 'rate_limit'; reason: RateLimitReason }
  | { kind: 'auth'; reason: AuthReason };

/** `requests`: the per-minute budget is spent; `batch`: a batch costs more than is left. */
export type RateLimitReason = 'requests' | 'batch' | 'other';
export type AuthReason = 'missing_credentials' | 'invalid_key' | 'invalid_token' | 'too_many_failures' | 'token_unverifiable' | 'unauthorized';

/** Every reason, so each series exists (at 0) from the start: a rate over a series born mid-spike misses its first count. */
export const RATE_LIMIT_REASONS: readonly RateLimitReason[] = ['requests', 'batch', 'other'];
export const AUTH_REASONS: readonly AuthReason[] = ['missing_credentials', 'invalid_key', 'invalid_token', 'too_many_failures', 'token_unverifiable', 'unauthorized'];

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
