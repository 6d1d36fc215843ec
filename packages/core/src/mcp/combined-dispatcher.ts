import type { Logger } from 'pino';
import { definePack } from '../pack.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { errorResponse, resultResponse, type JsonRpcErrorResponse, type JsonRpcRequest, type JsonRpcResponse } from '../protocol/json-rpc.ts';
import type { CombinedSelection } from './combined-selection.ts';
import { namespacedUri } from './combined-uris.ts';
import type { DispatchContext, Dispatcher, SessionHooks } from './dispatch-context.ts';
import { answered, capabilitiesOf, methodNotFound } from './dispatcher.ts';
import type { CombinedMembers, CombinedRule, MethodEntry, MethodTable, NamedItem, Namespace, NamespaceIndex } from './method-entry.ts';
import { METHODS } from './method-table.ts';
import { buildPackContent } from './pack-content.ts';
import { LIST_TTL_MS, serverFacts, type ServedPack } from './served-pack.ts';
import { ListenStreams } from '../streams/listen-streams.ts';
import { defaultSealer, type StateSealer } from './state-sealer.ts';
import { buildToolCatalog } from './tools/tool-catalog.ts';

export interface CombinedOptions {
  selection: CombinedSelection;
  logger: Logger;
  /** The app's (STATE_SECRET): /mcp's own answers are sealed as the packs' are. */
  sealer?: StateSealer;
  /** The app's 2026-07-28 listen streams (one bound for every endpoint). */
  listens?: ListenStreams;
}

type FanOut = Extract<CombinedRule, { kind: 'fanOut' }>;
type Route = Extract<CombinedRule, { kind: 'route' }>;
type Json = Record<string, unknown>;

/**
 * The combined endpoint, `/mcp`: every pack's tools under `<pack>_<tool>` (tools/tool-namespace.ts),
 * as one more dispatcher. Each method is answered as its table entry's `combined` rule says: the
 * handshake by `/mcp` itself (with its own server facts), lists asked of every pack and joined,
 * uses routed to the pack a namespaced name leads to. The packs' own dispatchers answer with the
 * caller's context unchanged: whatever a pack's dispatcher decides for this caller (its list, a
 * refusal, the result) is what `/mcp` answers, only the names differ.
 */
export function createCombinedDispatcher(members: readonly Dispatcher[], options: CombinedOptions, methods: MethodTable = METHODS): Dispatcher {
  const served = members.filter((member) => options.selection.servesPack(member.pack.name));
  const names = served.map((member) => member.pack.name);
  const pack = definePack({ name: 'toolgate', version: '0.1.0', tools: [], instructions: instructionsOf(served) });
  const servesAtAll = (entry: MethodEntry) => entry.combined.kind !== 'none' && (!entry.servedBy || served.some((member) => entry.servedBy!(member.pack)));
  const remote = served.some((member) => member.pack.remoteTools !== undefined || member.pack.remote !== undefined);
  const fronted = served.filter((member) => member.pack.remote !== undefined);
  const sessions = combinedSessions(served);
  const self: ServedPack = {
    pack,
    facts: serverFacts({
      serverInfo: { name: 'toolgate', title: 'toolgate: every pack at one URL', version: pack.version },
      capabilities: capabilitiesOf(methods, servesAtAll, fronted.length > 0 ? (entry) => fronted.some((member) => !entry.servedBy || entry.servedBy(member.pack)) : undefined),
      instructions: pack.instructions,
      remote,
    }),
    tools: buildToolCatalog(pack),
    content: buildPackContent(pack, methods.names),
    mirrored: new Map(),
    sealer: options.sealer ?? defaultSealer(),
    // A listen stream at /mcp hears every pack's list changes (its resource subscriptions are each pack's own).
    notifications: (listener) => sessions?.listen(listener) ?? (() => {}),
    listens: options.listens ?? new ListenStreams(),
    names: methods.names,
  };
  // One index per kind of name, shared by its list and its use.
  const indexes = new Map<Namespace, NamespaceIndex>();
  const indexOf = (names: Namespace) => {
    let index = indexes.get(names);
    if (!index) indexes.set(names, (index = names.index(served, options.selection, options.logger)));
    return index;
  };

  async function fanOut(rule: FanOut, request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const index = indexOf(rule.names);
    const answers = await Promise.all(served.map((member) => member.handle({ jsonrpc: '2.0', id: request.id, method: request.method }, context)));
    const items: NamedItem[] = [];
    // The most a 2026 client may cache the combined list: what the strictest pack allows.
    let ttlMs = LIST_TTL_MS;
    let cacheScope = 'public';
    answers.forEach((answer, position) => {
      if ('error' in answer) {
        // A pack's dispatcher lists without fail; an error here is a caller's refusal, not news.
        context.logger.debug({ pack: names[position], error: answer.error.message }, `/mcp: a pack did not list its ${rule.field}`);
        return;
      }
      const result = answer.result as { ttlMs?: number; cacheScope?: string } & Record<string, unknown>;
      items.push(...index.rename(served[position]!, (result[rule.field] ?? []) as NamedItem[]));
      if (typeof result.ttlMs === 'number') ttlMs = Math.min(ttlMs, result.ttlMs);
      if (result.cacheScope === 'private') cacheScope = 'private';
    });
    if (context.dialect !== 'modern') return resultResponse(request.id, { [rule.field]: items });
    return resultResponse(request.id, { [rule.field]: items, resultType: 'complete', ttlMs, cacheScope, _meta: self.facts.modernMeta });
  }

  /** A pack's answer as `/mcp` gives it: what it names rewritten, and naming this server in 2026-07-28's `_meta`. */
  function relay(request: JsonRpcRequest, context: DispatchContext, answer: JsonRpcResponse, rewrite?: (result: Json) => Json): JsonRpcResponse {
    if (!('result' in answer)) return answer;
    const result = rewrite ? rewrite(answer.result) : answer.result;
    if (context.dialect !== 'modern') return result === answer.result ? answer : resultResponse(request.id, result);
    // The pack's result names the pack's own server; the client talks to this one.
    const meta = result._meta;
    const { modernMeta } = self.facts;
    return resultResponse(request.id, { ...result, _meta: typeof meta === 'object' && meta ? { ...meta, ...modernMeta } : modernMeta });
  }

  async function route(rule: Route, request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const name = request.params?.[rule.param];
    if (typeof name !== 'string') return errorResponse(request.id, ErrorCode.InvalidParams, `Invalid params: ${request.method} needs params.${rule.param}`);
    const index = indexOf(rule.names);
    const target = index.route(name);
    if (!target) {
      const missing = index.notFound(name, context.dialect, context.caller);
      return typeof missing === 'string' ? errorResponse(request.id, ErrorCode.InvalidParams, missing) : missing.answer(request.id);
    }
    const answer = await target.member.handle({ ...request, params: { ...request.params, [rule.param]: target.local } }, context);
    if ('error' in answer) return namedAsSent(answer, rule.param, target.local, name);
    const { rewrite } = rule;
    return relay(request, context, answer, rewrite && ((result) => rewrite(target.member.pack.name, result)));
  }

  const combined: CombinedMembers = { members: served, index: indexOf, relay };

  /**
   * The handshake as this caller gets it: a restricted caller's instructions name only the packs it
   * may use (a key for one pack learns nothing of the others), built once per policy.
   */
  const selves = new WeakMap<object, ServedPack>();
  function selfFor(context: DispatchContext): ServedPack {
    const policy = context.caller?.policy;
    if (!policy?.restricted) return self;
    let own = selves.get(policy);
    if (!own) {
      const instructions = instructionsOf(served.filter((member) => policy.allowsPack(member.pack.name)));
      own = { ...self, facts: { ...self.facts, instructions: { instructions } } };
      selves.set(policy, own);
    }
    return own;
  }

  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const entry = methods.find(request.method, context.dialect);
    switch (entry?.combined.kind) {
      case 'self':
        // The handshake is everyone's; what `/mcp` keeps itself (the log level) only where a pack has it.
        return entry.servedBy && !servesAtAll(entry) ? Promise.resolve(methodNotFound(request, context)) : answered(entry, request, context, selfFor(context));
      case 'fanOut':
        return servesAtAll(entry) ? fanOut(entry.combined as FanOut, request, context) : Promise.resolve(methodNotFound(request, context));
      case 'route':
        return servesAtAll(entry) ? route(entry.combined as Route, request, context) : Promise.resolve(methodNotFound(request, context));
      case 'custom':
        return servesAtAll(entry) ? entry.combined.handle(request, context, combined) : Promise.resolve(methodNotFound(request, context));
      default:
        return Promise.resolve(methodNotFound(request, context));
    }
  }

  return { pack, handle, members: served, sessions };
}

/** A pack's error about what the client named (`data.uri` of an unknown resource) names it as the client did. */
function namedAsSent(answer: JsonRpcErrorResponse, param: string, local: string, sent: string): JsonRpcResponse {
  const data = answer.error.data as Json | undefined;
  if (typeof data !== 'object' || data === null || data[param] !== local) return answer;
  return { ...answer, error: { ...answer.error, data: { ...data, [param]: sent } } };
}

/**
 * `/mcp`'s sessions, when any pack it serves keeps them: every such pack's notifications, the
 * resource's URI namespaced as `/mcp` lists it (a session's subscriptions are recorded under each
 * pack's own URI), and a closed session let go by every pack.
 */
function combinedSessions(members: readonly Dispatcher[]): SessionHooks | undefined {
  const keeping = members.filter((member) => member.sessions !== undefined);
  if (keeping.length === 0) return undefined;
  return {
    listen(listener) {
      const stops = keeping.map((member) =>
        member.sessions!.listen((notification) => {
          const uri = notification.params.uri;
          const namespaced = typeof uri === 'string' ? namespacedUri(notification.pack, uri) : undefined;
          listener(namespaced === undefined ? notification : { ...notification, params: { ...notification.params, uri: namespaced } });
        }),
      );
      return () => stops.forEach((stop) => stop());
    },
    closed: (session) => keeping.forEach((member) => member.sessions!.closed(session)),
  };
}

/** What a client is told at initialize: the naming rule, then each pack's own instructions under its name. */
function instructionsOf(members: readonly Dispatcher[]): string {
  const packs = members.map((member) => member.pack.name);
  const own = members.flatMap((member) => (member.pack.instructions ? [`${member.pack.name}: ${member.pack.instructions}`] : []));
  return [`Every toolgate pack at one URL (${packs.join(', ') || 'none'}): each tool is named <pack>_<tool>.`, ...own].join('\n\n');
}
