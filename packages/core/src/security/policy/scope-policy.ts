import { AccessPolicy, UNRESTRICTED } from './access-policy.ts';

/**
 * OAuth scopes that carry a policy (docs/security.md, "Scopes"):
 * - `toolgate:pack:<pack>`: every tool of the pack;
 * - `toolgate:tool:<pack>/<tool>`: one tool;
 * - `toolgate:key:<name>`: what the API_KEYS_FILE entry `<name>` grants, with its limit and quota
 *   (counted for the token's subject, not shared with the key).
 * A token with none of them is unrestricted, as every token was before policies: an operator
 * restricts tokens by having the authorization server grant these scopes.
 */
export const SCOPE_PREFIX = 'toolgate:';

const MAX_REMEMBERED = 1_000;

function smallest(values: (number | undefined)[]): number | undefined {
  const set = values.filter((value): value is number => value !== undefined);
  return set.length > 0 ? Math.min(...set) : undefined;
}

/** Maps a token's scopes to its policy; one object per distinct scope set, so callers that share scopes share filtered lists. */
export function scopePolicies(named: ReadonlyMap<string, AccessPolicy>) {
  const remembered = new Map<string, AccessPolicy>();

  function build(scopes: readonly string[]): AccessPolicy {
    const ours = scopes.filter((scope) => scope.startsWith(SCOPE_PREFIX));
    if (ours.length === 0) return UNRESTRICTED;
    const packs: string[] = [];
    const tools: string[] = [];
    const keys: AccessPolicy[] = [];
    for (const scope of ours) {
      const [, kind, value = ''] = /^toolgate:(pack|tool|key):(.+)$/.exec(scope) ?? [];
      if (kind === 'pack') packs.push(value);
      else if (kind === 'tool' && value.includes('/')) tools.push(value);
      else if (kind === 'key') {
        const policy = named.get(value);
        if (policy) keys.push(policy);
      }
    }
    // A named key without restrictions grants everything; otherwise its grants join the scopes'.
    const limits = { ratePerMinute: smallest(keys.map((key) => key.ratePerMinute)), dailyQuota: smallest(keys.map((key) => key.dailyQuota)) };
    if (keys.some((policy) => !policy.restricted)) return new AccessPolicy(limits);
    for (const policy of keys) {
      packs.push(...policy.packs);
      tools.push(...policy.tools);
    }
    return new AccessPolicy({ packs, tools, ...limits });
  }

  return function policyOfScopes(scopes: readonly string[]): AccessPolicy {
    const id = scopes.join(' ');
    let policy = remembered.get(id);
    if (policy) return policy;
    policy = build(scopes);
    // Scope sets come from the operator's authorization server: few. The bound is for safety.
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(id, policy);
    return policy;
  };
}
