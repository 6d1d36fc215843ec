import type { Logger } from 'pino';
import { definePack } from '../pack.ts';
import { combinedIndex, type CombinedRoute } from './combined-index.ts';
import { combinedToolName } from './combined-names.ts';
import type { CombinedSelection } from './combined-selection.ts';
import type { DispatchContext, Dispatcher } from './dispatcher.ts';
import { errorResponse, resultResponse, type JsonRpcRequest, type JsonRpcResponse } from './json-rpc.ts';
import { ErrorCode, LATEST_LEGACY_PROTOCOL_VERSION, META_SERVER_INFO, MODERN_PROTOCOL_VERSIONS, isLegacyVersion } from './protocol.ts';

export interface CombinedOptions {
  selection: CombinedSelection;
  logger: Logger;
}

/** The most a 2026 client may cache the combined list: what the strictest pack allows. */
const DEFAULT_LIST_TTL_MS = 300_000;

type ListedTool = { name: string; [field: string]: unknown };

/**
 * The combined endpoint, `/mcp`: every pack's tools under `<pack>_<tool>` (combined-names.ts), as
 * one more dispatcher. It answers the handshake itself and asks the packs' own dispatchers for
 * the rest, with the caller's context unchanged: whatever a pack's dispatcher decides for this
 * caller (its list, a refusal, the result) is what `/mcp` answers, only the tool's name differs.
 */
export function createCombinedDispatcher(members: readonly Dispatcher[], options: CombinedOptions): Dispatcher {
  const served = members.filter((member) => options.selection.servesPack(member.pack.name));
  const routes = combinedIndex(served, options.selection, options.logger);
  const names = served.map((member) => member.pack.name);
  const pack = definePack({ name: 'toolgate', version: '0.1.0', tools: [], instructions: instructionsOf(served) });
  const serverInfo = { name: 'toolgate', title: 'toolgate: every pack at one URL', version: pack.version };
  const capabilities = { tools: { listChanged: false } };
  const modernMeta = { [META_SERVER_INFO]: serverInfo };
  const remote = served.some((member) => member.pack.remoteTools);
  /**
   * A pack's listed tools, renamed: kept per list (a built-in pack answers with the same array
   * every time) for as long as the owners of the names stay the same.
   */
  let renamed = new WeakMap<readonly ListedTool[], ListedTool[]>();
  let renamedFor: ReadonlyMap<string, CombinedRoute> | undefined;

  function rename(member: Dispatcher, tools: readonly ListedTool[], owners: ReadonlyMap<string, CombinedRoute>): ListedTool[] {
    if (owners !== renamedFor) {
      renamed = new WeakMap();
      renamedFor = owners;
    }
    let list = renamed.get(tools);
    if (!list) {
      list = tools.flatMap((tool) => {
        const name = combinedToolName(member.pack.name, tool.name);
        const route = owners.get(name);
        return route?.member === member && route.tool === tool.name ? [{ ...tool, name }] : [];
      });
      renamed.set(tools, list);
    }
    return list;
  }

  async function handleToolsList(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const owners = routes();
    const answers = await Promise.all(served.map((member) => member.handle({ jsonrpc: '2.0', id: request.id, method: 'tools/list' }, context)));
    const tools: ListedTool[] = [];
    let ttlMs = DEFAULT_LIST_TTL_MS;
    let cacheScope = 'public';
    answers.forEach((answer, index) => {
      if ('error' in answer) {
        // A pack's dispatcher lists without fail; an error here is a caller's refusal, not news.
        context.logger.debug({ pack: names[index], error: answer.error.message }, '/mcp: a pack did not list its tools');
        return;
      }
      const { tools: listed, ttlMs: packTtl, cacheScope: packScope } = answer.result as { tools: ListedTool[]; ttlMs?: number; cacheScope?: string };
      tools.push(...rename(served[index]!, listed, owners));
      if (typeof packTtl === 'number') ttlMs = Math.min(ttlMs, packTtl);
      if (packScope === 'private') cacheScope = 'private';
    });
    if (context.dialect !== 'modern') return resultResponse(request.id, { tools });
    return resultResponse(request.id, { tools, resultType: 'complete', ttlMs, cacheScope, _meta: modernMeta });
  }

  async function handleToolsCall(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    const name = request.params?.name;
    if (typeof name !== 'string') return errorResponse(request.id, ErrorCode.InvalidParams, 'Invalid params: tools/call needs params.name');
    const route = routes().get(name);
    if (!route) {
      return errorResponse(request.id, ErrorCode.InvalidParams, `Tool ${name} not found: at /mcp each tool is named <pack>_<tool> (packs here: ${names.join(', ') || 'none'})`);
    }
    const answer = await route.member.handle({ ...request, params: { ...request.params, name: route.tool } }, context);
    if (context.dialect !== 'modern' || !('result' in answer)) return answer;
    // The pack's result names the pack's own server; the client talks to this one.
    const meta = answer.result._meta;
    return resultResponse(request.id, { ...answer.result, _meta: typeof meta === 'object' && meta ? { ...meta, ...modernMeta } : modernMeta });
  }

  function answer(request: JsonRpcRequest, context: DispatchContext): JsonRpcResponse {
    const modern = context.dialect === 'modern';
    const instructions = pack.instructions === undefined ? {} : { instructions: pack.instructions };
    switch (request.method) {
      case 'ping':
        if (!modern) return resultResponse(request.id, {});
        break;
      case 'initialize':
        if (!modern) {
          const requested = request.params?.protocolVersion;
          const protocolVersion = typeof requested === 'string' && isLegacyVersion(requested) ? requested : LATEST_LEGACY_PROTOCOL_VERSION;
          return resultResponse(request.id, { protocolVersion, capabilities, serverInfo, ...instructions });
        }
        break;
      case 'server/discover':
        if (modern) {
          const ttlMs = remote ? 30_000 : DEFAULT_LIST_TTL_MS;
          return resultResponse(request.id, { supportedVersions: [...MODERN_PROTOCOL_VERSIONS], capabilities, ...instructions, resultType: 'complete', ttlMs, cacheScope: 'public', _meta: modernMeta });
        }
        break;
    }
    return errorResponse(request.id, ErrorCode.MethodNotFound, 'Method not found');
  }

  function handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
    if (request.method === 'tools/list') return handleToolsList(request, context);
    if (request.method === 'tools/call') return handleToolsCall(request, context);
    return Promise.resolve(answer(request, context));
  }

  return { pack, handle };
}

/** What a client is told at initialize: the naming rule, then each pack's own instructions under its name. */
function instructionsOf(members: readonly Dispatcher[]): string {
  const packs = members.map((member) => member.pack.name);
  const own = members.flatMap((member) => (member.pack.instructions ? [`${member.pack.name}: ${member.pack.instructions}`] : []));
  return [`Every toolgate pack at one URL (${packs.join(', ') || 'none'}): each tool is named <pack>_<tool>.`, ...own].join('\n\n');
}
