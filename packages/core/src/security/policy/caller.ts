import type { AccessPolicy } from './access-policy.ts';

/** Who is calling, once authenticated: what limits count against and what the audit line names. */
export interface Caller {
  /** What authenticated it: an API key (API_KEYS or API_KEYS_FILE) or an OAuth access token. */
  readonly kind: 'key' | 'token';
  /** Counter key for limits and quotas: never a key, stable across sessions and replicas. */
  readonly id: string;
  /** For the audit line: the key's name (API_KEYS_FILE), `key-<digest prefix>` (API_KEYS) or the token's subject. */
  readonly name: string;
  readonly policy: AccessPolicy;
}
