import type { Logger } from 'pino';
import { definePack } from '../pack.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { errorResponse, resultResponse, type JsonRpcRequest, type JsonRpcResponse } from '../protocol/json-rpc.ts';
import type { CombinedSelection } from './combined-selection.ts';
import type { DispatchContext, Dispatcher } from './dispatch-context.ts';
import { answered, methodNotFound } from './dispatcher.ts';
import type { CombinedRule, MethodEntry, MethodTable, NamedItem, Namespace, NamespaceIndex } from './method-entry.ts';
import { METHODS } from './method-table.ts';
import { LIST_TTL_MS, serverFacts, type ServedPack } from './served-pack.ts';
import { buildToolCatalog } from './tools/tool-catalog.ts';

export interface CombinedOptions {
  selection: CombinedSelection;
  logger: Logger;
}

type FanOut = Extract<CombinedRule, { kind: 'fanOut' }>;
type Route = Extract<CombinedRule, { kind: 'route' }>;

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
  const servesAtAll = (entry: MethodEntry) =>
    entry.combined.kind === 'self' || (entry.combined.kind !== 'none' && (!entry.servedBy || served.some((member) => entry.servedBy!(member.pack))));
  const self: ServedPack = {
    pack,
    facts: serverFacts({
      serverInfo: { name: 'toolgate', title: 'toolgate: every pack at one URL', version: pack.version },
      capabilities: methods.capabilities(servesAtAll),
      instructions: pack.instructions,
      remote: served.some((member) => member.pack.remoteTools),
    }),
    tools: buildToolCatalog(pack),
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

  async function route(rule: Route, request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const name = request.params?.[rule.param];
    if (typeof name !== 'string') return errorResponse(request.id, ErrorCode.InvalidParams, `Invalid params: ${request.method} needs params.${rule.param}`);
    const index = indexOf(rule.names);
    const target = index.route(name);
    if (!target) return errorResponse(request.id, ErrorCode.InvalidParams, index.notFound(name));
    const answer = await target.member.handle({ ...request, params: { ...request.params, [rule.param]: target.local } }, context);
    if (context.dialect !== 'modern' || !('result' in answer)) return answer;
    // The pack's result names the pack's own server; the client talks to this one.
    const meta = answer.result._meta;
    const { modernMeta } = self.facts;
    return resultResponse(request.id, { ...answer.result, _meta: typeof meta === 'object' && meta ? { ...meta, ...modernMeta } : modernMeta });
  }

  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const entry = methods.find(request.method, context.dialect);
    switch (entry?.combined.kind) {
      case 'self':
        return answered(entry, request, context, self);
      case 'fanOut':
        return fanOut(entry.combined as FanOut, request, context);
      case 'route':
        return route(entry.combined as Route, request, context);
      default:
        return Promise.resolve(methodNotFound(request, context));
    }
  }

  return { pack, handle, members: served };
}

/** What a client is told at initialize: the naming rule, then each pack's own instructions under its name. */
function instructionsOf(members: readonly Dispatcher[]): string {
  const packs = members.map((member) => member.pack.name);
  const own = members.flatMap((member) => (member.pack.instructions ? [`${member.pack.name}: ${member.pack.instructions}`] : []));
  return [`Every toolgate pack at one URL (${packs.join(', ') || 'none'}): each tool is named <pack>_<tool>.`, ...own].join('\n\n');
}
