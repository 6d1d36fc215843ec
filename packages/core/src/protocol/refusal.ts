import { errorResponse, type JsonRpcErrorResponse, type JsonRpcId, type JsonRpcResponse } from './json-rpc.ts';

/**
 * Why a request or call was turned away, as metrics count it: `toolgate_rate_limit_rejections_total`,
 * `toolgate_auth_rejections_total` and `toolgate_policy_refusals_total` by `reason`. Given where the
 * refusal is made, never guessed from its status afterwards.
 */
export type RefusalReason =
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

export type RefusalObserver = (reason: RefusalReason) => void;

const REFUSED = Symbol('toolgate.refusal');

/** An error answer that remembers the refusal it came from (the symbol is not serialised). */
type RefusalAnswer = JsonRpcErrorResponse & { [REFUSED]?: Refusal };

export interface RefusalOptions {
  /** The JSON-RPC id the answer echoes, when the refusal is made before a request is in hand (a 401 reads it from the body). */
  id?: JsonRpcId | null;
  data?: unknown;
  /** HTTP headers the answer carries (Retry-After, WWW-Authenticate, rate-limit counts). */
  headers?: Record<string, string>;
  reason?: RefusalReason;
}

/**
 * The one refusal type: a JSON-RPC error with the HTTP status it is answered with, both chosen
 * where the refusal is made. Thrown before dispatch (a guard, a body that cannot be read: the
 * whole request is refused), or answered in band by a method (`answer(id)`: a call refused for
 * the caller's budget is 429, a 2026-07-28 unknown method 404, most in-band errors 200). The
 * HTTP layer reads the status from the refusal, never from the error code.
 */
export class Refusal extends Error {
  readonly httpStatus: number;
  readonly code: number;
  readonly data: unknown;
  readonly id: JsonRpcId | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly reason: RefusalReason | undefined;

  constructor(httpStatus: number, code: number, message: string, options: RefusalOptions = {}) {
    super(message);
    this.name = 'Refusal';
    this.httpStatus = httpStatus;
    this.code = code;
    this.data = options.data;
    this.id = options.id ?? null;
    this.headers = options.headers ?? {};
    this.reason = options.reason;
  }

  /** The JSON-RPC error body, echoing `id`. */
  answer(id: JsonRpcId | null = this.id): JsonRpcErrorResponse {
    const answer: RefusalAnswer = errorResponse(id, this.code, this.message, this.data);
    answer[REFUSED] = this;
    return answer;
  }
}

/** The refusal an answer came from, when it came from one (`Refusal.answer`). */
export function refusalOf(answer: JsonRpcResponse): Refusal | undefined {
  return (answer as RefusalAnswer)[REFUSED];
}

/** A Refusal a method handler threw, answered in band to the request `id`; anything else is thrown on. */
export function answerThrown(error: unknown, id: JsonRpcId): JsonRpcErrorResponse {
  if (error instanceof Refusal) return error.answer(id);
  throw error;
}
