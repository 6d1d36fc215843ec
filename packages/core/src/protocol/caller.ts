/**
 * What one caller may use, as the serving path asks it: whole packs, single tools, and whether
 * its calls are counted. security/policy/access-policy.ts builds it from API_KEYS_FILE or a
 * token's scopes.
 */
export interface CallerPolicy {
  /** Whether any pack or tool is off limits: an unrestricted policy lists every tool. */
  readonly restricted: boolean;
  readonly ratePerMinute: number | undefined;
  readonly dailyQuota: number | undefined;
  /** Whether the caller's tool calls are counted (a minute limit or a daily quota). */
  readonly metered: boolean;
  allowsPack(pack: string): boolean;
  /**
   * Whether the caller may see and use the pack's prompts and resources: only with the whole pack
   * granted (a grant of some of its tools goes that far and no further).
   */
  allowsPackContent(pack: string): boolean;
  allowsTool(pack: string, tool: string): boolean;
}

/** Who is calling, once authenticated: what limits count against and what the audit line names. */
export interface Caller {
  /** What authenticated it: an API key (API_KEYS or API_KEYS_FILE) or an OAuth access token. */
  readonly kind: 'key' | 'token';
  /** Counter key for limits and quotas: never a key, stable across sessions and replicas. */
  readonly id: string;
  /** For the audit line: the key's name (API_KEYS_FILE), `key-<digest prefix>` (API_KEYS) or the token's subject. */
  readonly name: string;
  readonly policy: CallerPolicy;
}

/** One window of a caller's budget after a call: what is left and when it starts again. */
export interface BudgetWindow {
  limit: number;
  remaining: number;
  /** Epoch milliseconds. */
  resetAt: number;
}

export interface BudgetState {
  minute?: BudgetWindow;
  day?: BudgetWindow;
}

export type Charge =
  | { allowed: true; state: BudgetState }
  | { allowed: false; window: 'minute' | 'day'; limit: number; retryAfterSeconds: number; resetAt: number };

export interface CallBudget {
  /** Spends one tool call of the caller's minute limit, then of its daily quota; undefined when the caller has neither. */
  charge(caller: Caller): Promise<Charge | undefined>;
}
