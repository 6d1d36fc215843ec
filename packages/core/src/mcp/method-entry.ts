import type { Logger } from 'pino';
import type { Pack } from '../pack.ts';
import type { Caller, CallerPolicy } from '../protocol/caller.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../protocol/json-rpc.ts';
import type { PolicyReason, Refusal } from '../protocol/refusal.ts';
import type { ProtocolNames } from './protocol-names.ts';
import type { Dialect } from '../protocol/revisions.ts';
import type { CombinedSelection } from './combined-selection.ts';
import type { DispatchContext, Dispatcher } from './dispatch-context.ts';
import type { ServedPack } from './served-pack.ts';

/**
 * What one MCP method is, everywhere it matters: registered once in method-table.ts, and read by
 * the pack endpoints (dispatcher.ts), the caller policy (caller-policy.ts), `/mcp`
 * (combined-dispatcher.ts), the HTTP route (client slots, the Mcp-Name header) and the
 * handshake (capabilities). Nothing outside method-table.ts names a method.
 */
export interface MethodEntry {
  readonly method: string;
  /** The dialects that have it; in the others it is "Method not found" (404 on 2026-07-28). */
  readonly dialects: readonly Dialect[];
  /** Answers it at a pack's endpoint (and at `/mcp` when `combined` is `self`). May throw (or reject with) a Refusal: it is answered in band, with its status. */
  readonly handle: MethodHandler;
  /** Whether a pack serves it at all (the data it needs is there); absent: every pack. Also gates its capability. */
  readonly servedBy?: (pack: Pack) => boolean;
  /**
   * What it adds to `capabilities` at initialize (2025-era) and server/discover (2026-07-28), where
   * it is served (merged per name); per dialect when the two declare it differently (tasks).
   */
  readonly capability?: Capability | { readonly legacy?: Capability; readonly modern?: Capability };
  /** Runs in one of the client's slots (MAX_CALLS_IN_FLIGHT_PER_CLIENT): it may reach an upstream. */
  readonly clientSlot: boolean;
  /** The params member a 2026-07-28 request repeats in its Mcp-Name header (`name` of tools/call). */
  readonly nameParam?: string;
  /** How a caller's policy (API_KEYS_FILE, scopes) filters or refuses it. */
  readonly policy: PolicyRule;
  /** How `/mcp` answers it. */
  readonly combined: CombinedRule;
}

export interface Capability {
  readonly name: string;
  readonly value: Readonly<Record<string, unknown>>;
  /** Declared instead where a fronted server serves the method (its lists change: `listChanged: true`). */
  readonly fronted?: Readonly<Record<string, unknown>>;
}

export type MethodHandler = (request: JsonRpcRequest, context: DispatchContext, served: ServedPack) => JsonRpcResponse | Promise<JsonRpcResponse>;

export type PolicyRule =
  /** Everyone may: the handshake. */
  | { readonly kind: 'open' }
  /** The result's `field` array keeps only the items the caller may use; its 2026-07-28 cacheScope turns private. */
  | { readonly kind: 'list'; readonly field: string; readonly allows: (policy: CallerPolicy, pack: string, item: { readonly name: string }) => boolean }
  /**
   * A use of one named thing (`params[param]`): refused (403 in band) unless allowed, then charged to
   * the caller's budget when `metered`, audited, and its result's `_meta` told the budget left and
   * the caches' freshness.
   */
  | {
      readonly kind: 'use';
      readonly param: string;
      /** What the thing is called in a refusal: "the tool x is not allowed". */
      readonly noun: string;
      readonly allows: (policy: CallerPolicy, pack: string, name: string) => boolean;
      /** The metrics' reason for a use refused (`toolgate_policy_refusals_total`). */
      readonly refusedAs: PolicyReason;
      /** Spends one of the caller's budget (minute limit, daily quota). */
      readonly metered: boolean;
      /** Writes the audit line (AUDIT_LOG). */
      readonly audited: boolean;
    }
  /** Needs the pack, not one thing of it (completion, subscriptions): refused (403 in band) unless allowed; not counted. */
  | { readonly kind: 'pack'; readonly allows: (policy: CallerPolicy, pack: string) => boolean };

export type CombinedRule =
  /** Answered by `/mcp` itself, as a pack answers it, with `/mcp`'s own server facts (the handshake). */
  | { readonly kind: 'self' }
  /** Asked of every pack `/mcp` serves; their `field` lists joined, each item's name namespaced. */
  | { readonly kind: 'fanOut'; readonly field: string; readonly names: Namespace }
  /**
   * Sent to the pack whose namespaced `params[param]` it names, with the pack's own name put back;
   * `rewrite` namespaces what the pack's result names in turn (resource URIs, task ids).
   */
  | { readonly kind: 'route'; readonly param: string; readonly names: Namespace; readonly rewrite?: ResultRewrite }
  /** Answered by a handler of its own, from the packs `/mcp` serves (completion: routed by a prompt's name or a template's URI). */
  | { readonly kind: 'custom'; readonly handle: CombinedHandler }
  /** Not served at `/mcp`. */
  | { readonly kind: 'none' };

/** What `/mcp` does to a pack's result before its client sees it (the pack named by `pack`). */
export type ResultRewrite = (pack: string, result: Record<string, unknown>) => Record<string, unknown>;

/** What a custom `/mcp` handler can reach: the packs it serves, the shared namespaces, and how a pack's answer is passed on. */
export interface CombinedMembers {
  readonly members: readonly Dispatcher[];
  index(names: Namespace): NamespaceIndex;
  /** A pack's answer as `/mcp` gives it: rewritten, and naming `/mcp`'s server in 2026-07-28's `_meta`. */
  relay(request: JsonRpcRequest, context: DispatchContext, answer: JsonRpcResponse, rewrite?: (result: Record<string, unknown>) => Record<string, unknown>): JsonRpcResponse;
}

export type CombinedHandler = (request: JsonRpcRequest, context: DispatchContext, combined: CombinedMembers) => Promise<JsonRpcResponse>;

/** Listed items carry a name: a tool's, a prompt's, a resource's (a task's list is keyed by its id). */
export type NamedItem = { readonly name: string; readonly [field: string]: unknown };

/**
 * How `/mcp` names one kind of thing across packs (tools: `<pack>_<tool>`): built once per `/mcp`
 * from the packs it serves, shared by that kind's list and its use, so both agree on who owns a name.
 */
export interface Namespace {
  index(members: readonly Dispatcher[], selection: CombinedSelection, logger: Logger): NamespaceIndex;
}

export interface NamespaceIndex {
  /** The pack a namespaced name leads to and the name there; undefined when none. */
  route(name: string): { member: Dispatcher; local: string } | undefined;
  /** A pack's listed items as `/mcp` lists them: renamed, and without those it leaves out. */
  rename(member: Dispatcher, items: readonly NamedItem[]): readonly NamedItem[];
  /**
   * The message for a name that leads nowhere (invalid params), or the refusal its revision names
   * (an unknown resource); it names only what `caller` may use.
   */
  notFound(name: string, dialect: Dialect, caller?: Caller): string | Refusal;
}

/**
 * A per-request view of an endpoint (`?view=<name>`): some methods answered by other handlers, which
 * may ask the endpoint's own dispatcher (`base`: policy, budgets and audit included) for anything.
 */
export interface MethodView {
  readonly name: string;
  readonly methods: ReadonlyMap<string, ViewHandler>;
}

export type ViewHandler = (request: JsonRpcRequest, context: DispatchContext, base: Dispatcher) => Promise<JsonRpcResponse>;

/** Every method entry, looked up by name and dialect on every request (a map read), and the views. */
export class MethodTable {
  readonly entries: readonly MethodEntry[];
  readonly names: ProtocolNames;
  readonly #byDialect: Record<Dialect, ReadonlyMap<string, MethodEntry>>;
  readonly #views: ReadonlyMap<string, MethodView>;

  constructor(entries: readonly MethodEntry[], views: readonly MethodView[], protocolNames: ProtocolNames) {
    const names = new Set<string>();
    for (const { method } of entries) {
      if (names.has(method)) throw new Error(`method ${method} is registered twice`);
      names.add(method);
    }
    this.entries = entries;
    this.names = protocolNames;
    const of = (dialect: Dialect) => new Map(entries.filter((entry) => entry.dialects.includes(dialect)).map((entry) => [entry.method, entry]));
    this.#byDialect = { legacy: of('legacy'), modern: of('modern') };
    this.#views = new Map(views.map((view) => [view.name, view]));
  }

  /** The entry for `method` in `dialect`; undefined: "Method not found". */
  find(method: string, dialect: Dialect): MethodEntry | undefined {
    return this.#byDialect[dialect].get(method);
  }

  view(name: string): MethodView | undefined {
    return this.#views.get(name);
  }

  get viewNames(): string[] {
    return [...this.#views.keys()];
  }

  /**
   * `capabilities` in `dialect` of a server whose served methods `serves` picks: each entry's
   * capability, merged per name; its `fronted` value where `fronts` says a fronted server serves it.
   */
  capabilities(serves: (entry: MethodEntry) => boolean, dialect: Dialect, fronts: (entry: MethodEntry) => boolean = () => false): Record<string, Record<string, unknown>> {
    const capabilities: Record<string, Record<string, unknown>> = {};
    for (const entry of this.entries) {
      if (!entry.capability || !serves(entry)) continue;
      // A capability of its own per dialect is declared as given; one for both, where the method is.
      const capability = 'name' in entry.capability ? (entry.dialects.includes(dialect) ? entry.capability : undefined) : entry.capability[dialect];
      if (!capability) continue;
      const value = capability.fronted && fronts(entry) ? capability.fronted : capability.value;
      capabilities[capability.name] = { ...capabilities[capability.name], ...value };
    }
    return capabilities;
  }
}
