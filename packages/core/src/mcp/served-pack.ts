import type { Tracing } from '../observability/tracing.ts';
import type { Pack } from '../pack.ts';
import type { CallOutcome } from '../protocol/tool-result.ts';
import { META_SERVER_INFO, type Dialect } from '../protocol/revisions.ts';
import type { ListenStreams } from '../streams/listen-streams.ts';
import type { PackNotification } from './dispatch-context.ts';
import type { ProtocolNames } from './protocol-names.ts';
import type { PackContent } from './pack-content.ts';
import type { ParamHeader } from './param-headers.ts';
import type { StateSealer } from './state-sealer.ts';
import type { ToolCatalog } from './tools/tool-catalog.ts';

/** What an endpoint says of itself at initialize and server/discover, built once per endpoint. */
export interface ServerFacts {
  readonly serverInfo: Readonly<Record<string, unknown>>;
  /** Derived from the methods the endpoint serves (MethodTable.capabilities), as each dialect declares them. */
  capabilities(dialect: Dialect): Readonly<Record<string, unknown>>;
  /** `{ instructions }` when there are any, else empty: spread into a result as it is. */
  readonly instructions: Readonly<{ instructions?: string }>;
  /** How long a 2026-07-28 client may cache a list or discover result. */
  readonly listTtlMs: number;
  /** The `_meta` of every 2026-07-28 result: the server's info travels there. */
  readonly modernMeta: Readonly<Record<string, unknown>>;
}

/** How long a 2026 client may cache list and discover results: the tool set is fixed per deployment. */
export const LIST_TTL_MS = 300_000;
/** A remote pack's tools change when its server says so; a client re-lists them sooner. */
export const REMOTE_LIST_TTL_MS = 30_000;

export function serverFacts(options: {
  serverInfo: Record<string, unknown>;
  capabilities: (dialect: Dialect) => Record<string, unknown>;
  instructions: string | undefined;
  remote: boolean;
}): ServerFacts {
  return {
    serverInfo: options.serverInfo,
    capabilities: options.capabilities,
    instructions: options.instructions === undefined ? {} : { instructions: options.instructions },
    listTtlMs: options.remote ? REMOTE_LIST_TTL_MS : LIST_TTL_MS,
    modernMeta: { [META_SERVER_INFO]: options.serverInfo },
  };
}

export interface ToolCallObserver {
  (event: { pack: string; tool: string; outcome: CallOutcome; seconds: number }): void;
}

/** How one of a pack's other requests ended (prompts, resources, completion, tasks): `input_required` is a 2026 round asking the client. */
export type MethodObserver = (event: { pack: string; method: string; outcome: 'ok' | 'error' | 'input_required'; seconds: number }) => void;

/**
 * One pack as its method handlers see it: the pack as defined (its tools, a remote server's
 * tools), what is built from it once at start (the listed tools and their JSON Schemas, the
 * server facts), and what watches its calls. A handler for a new kind of data reads it from
 * `pack` (built in) or from what the pack's remote server lists (see docs/development.md).
 */
export interface ServedPack {
  readonly pack: Pack;
  readonly facts: ServerFacts;
  readonly tools: ToolCatalog;
  /** Everything else it offers (prompts, resources, completion, subscriptions, tasks), built once. */
  readonly content: PackContent;
  /** Tools whose arguments a 2026-07-28 request repeats in Mcp-Param-* headers (SEP-2243), by name. */
  readonly mirrored: ReadonlyMap<string, readonly ParamHeader[]>;
  /** Seals a 2026-07-28 round's state (STATE_SECRET): the same for every endpoint of the app. */
  readonly sealer: StateSealer;
  /** Its notifications outside requests (list changes, resource updates), for a listen stream: returns the stop. */
  readonly notifications: (listener: (notification: PackNotification) => void) => () => void;
  /** The process's 2026-07-28 listen streams, bounded per caller and in all. */
  readonly listens: ListenStreams;
  /** The notifications and client requests core sends, as the method table names them. */
  readonly names: ProtocolNames;
  readonly observeToolCall?: ToolCallObserver | undefined;
  readonly observeRequest?: MethodObserver | undefined;
  readonly tracing?: Tracing | undefined;
}

/** A 2026-07-28 list or discover result: complete, cacheable by anyone for the endpoint's TTL, naming the server. */
export function cacheableResult(served: ServedPack, result: Record<string, unknown>): Record<string, unknown> {
  return { ...result, resultType: 'complete', ttlMs: served.facts.listTtlMs, cacheScope: 'public', _meta: served.facts.modernMeta };
}
