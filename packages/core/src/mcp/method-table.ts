import { TASKS_EXTENSION } from '../tasks/task-wire.ts';
import type { Pack } from '../pack.ts';
import type { CallerPolicy } from '../protocol/caller.ts';
import { namespacedPromptResult, namespacedReadResult, namespacedTasks, namespacedToolResult } from './combined-rewrite.ts';
import {
  cancelTask,
  complete,
  getPrompt,
  getTask,
  listPrompts,
  listResources,
  listResourceTemplates,
  listTasks,
  readResource,
  setLogLevel,
  subscribeResource,
  taskResult,
  unsubscribeResource,
  updateTask,
} from './content-methods.ts';
import { completeCombined, PROMPT_NAMESPACE, RESOURCE_NAMESPACE, TASK_NAMESPACE, TEMPLATE_NAMESPACE } from './content-namespaces.ts';
import { discover, initialize, ping } from './handshake.ts';
import { listenMethod } from './listen-method.ts';
import { MethodTable, type MethodEntry, type MethodView } from './method-entry.ts';
import { remoteDeclares, runsTasks } from './pack-content.ts';
import type { ProtocolNames } from './protocol-names.ts';
import { callToolMethod } from './tools/call-tool-method.ts';
import { createSearchView } from './search-view/search-view.ts';
import { listTools } from './tools/list-tools.ts';
import { TOOL_NAMESPACE } from './tools/tool-namespace.ts';

/**
 * Every MCP method toolgate serves, each registered once with everything that depends on it
 * (method-entry.ts says what each field means). The only file of packages/core that names a
 * method: adding one is an entry here and its handler (docs/development.md, "Working inside core").
 */

const LEGACY = ['legacy'] as const;
const MODERN = ['modern'] as const;
const EVERY_DIALECT = ['legacy', 'modern'] as const;

const HANDSHAKE = { clientSlot: false, policy: { kind: 'open' }, combined: { kind: 'self' } } as const;

/** What the catalog page asks of each pack (page/catalog.ts): its tools, prompts and resources, as a client sees them. */
export const TOOLS_LIST = 'tools/list';
export const PROMPTS_LIST = 'prompts/list';
export const RESOURCES_LIST = 'resources/list';
export const RESOURCE_TEMPLATES_LIST = 'resources/templates/list';

// Prompts and resources are the pack's: a caller sees and uses them only with the whole pack granted.
const allowsContent = (policy: CallerPolicy, pack: string) => policy.allowsPackContent(pack);

/** What core sends or reads that is not a method of this table (method-entry.ts, ProtocolNames). */
const NAMES: ProtocolNames = {
  initialize: 'initialize',
  progress: 'notifications/progress',
  message: 'notifications/message',
  cancelled: 'notifications/cancelled',
  resourceUpdated: 'notifications/resources/updated',
  unsubscribe: 'resources/unsubscribe',
  // A tool list's change is for a caller that may use any tool of the pack; prompts' and resources' follow the pack.
  listChanged: new Map<string, (policy: CallerPolicy, pack: string) => boolean>([
    ['notifications/tools/list_changed', (policy, pack) => policy.allowsPack(pack)],
    ['notifications/prompts/list_changed', allowsContent],
    ['notifications/resources/list_changed', allowsContent],
  ]),
  listen: {
    acknowledged: 'notifications/subscriptions/acknowledged',
    subscribe: 'resources/subscribe',
    lists: {
      toolsListChanged: { capability: 'tools', method: 'notifications/tools/list_changed' },
      promptsListChanged: { capability: 'prompts', method: 'notifications/prompts/list_changed' },
      resourcesListChanged: { capability: 'resources', method: 'notifications/resources/list_changed' },
    },
  },
  clientRequests: { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' },
};

const CONTENT_LIST = { kind: 'list', allows: allowsContent } as const;
const CONTENT_USE = { kind: 'use', allows: allowsContent, refusedAs: 'pack_not_allowed', metered: true, audited: true } as const;

const offersPrompts = (pack: Pack) => (pack.prompts?.length ?? 0) > 0 || remoteDeclares(pack, 'prompts');
const offersResources = (pack: Pack) => (pack.resources?.length ?? 0) > 0 || remoteDeclares(pack, 'resources');
const offersSubscriptions = (pack: Pack) =>
  pack.resourceUpdates !== undefined || (pack.remote?.capabilities().resources as { subscribe?: unknown } | undefined)?.subscribe === true;
const offersCompletion = (pack: Pack) =>
  [...(pack.prompts ?? []), ...(pack.resources ?? [])].some((entry) => 'complete' in entry && entry.complete !== undefined && Object.keys(entry.complete).length > 0) ||
  remoteDeclares(pack, 'completions');
const logs = (pack: Pack) => pack.logging === true || remoteDeclares(pack, 'logging');

/**
 * A built-in pack's lists are fixed per deployment; a fronted server's change, and a client is
 * told: a 2025-era session on its GET stream, a 2026-07-28 client on a subscriptions/listen stream.
 */
const listsChange = (name: string) => ({ name, value: { listChanged: false }, fronted: { listChanged: true } });
// A stream of changes: where lists change (a fronted server) or resources may be subscribed to.
const listensTo = (pack: Pack) => pack.remote !== undefined || offersSubscriptions(pack);

const LOGGING = { name: 'logging', value: {} };
// 2025-11-25 declares tasks in capabilities.tasks; 2026-07-28 as the tasks extension (SEP-2663).
const TASKS = { name: 'tasks', value: { requests: { tools: { call: {} } } } };
const TASKS_EXTENSION_CAPABILITY = { name: 'extensions', value: { [TASKS_EXTENSION]: {} } };
// Tasks are their maker's (task-methods.ts, remote-task-owners.ts): no caller policy beyond that.
// Their methods take no client slot: the work ran in its tools/call's, and tasks/result may wait long.
const TASK_USE = { servedBy: runsTasks, clientSlot: false, nameParam: 'taskId', policy: { kind: 'open' } } as const;
const TASK_ROUTE = { kind: 'route', param: 'taskId', names: TASK_NAMESPACE, rewrite: namespacedTasks } as const;

const ENTRIES: readonly MethodEntry[] = [
  { method: NAMES.initialize, dialects: LEGACY, handle: initialize, ...HANDSHAKE },
  // 2026-07-28 dropped ping; only the handshake era has it.
  { method: 'ping', dialects: LEGACY, handle: ping, ...HANDSHAKE },
  { method: 'server/discover', dialects: MODERN, handle: discover, ...HANDSHAKE },
  {
    method: TOOLS_LIST,
    dialects: EVERY_DIALECT,
    handle: listTools,
    capability: listsChange('tools'),
    clientSlot: false,
    policy: { kind: 'list', field: 'tools', allows: (policy, pack, tool) => policy.allowsTool(pack, tool.name) },
    combined: { kind: 'fanOut', field: 'tools', names: TOOL_NAMESPACE },
  },
  {
    method: 'tools/call',
    dialects: EVERY_DIALECT,
    handle: callToolMethod,
    // What reaches an upstream runs in one of the client's slots.
    clientSlot: true,
    nameParam: 'name',
    policy: { kind: 'use', param: 'name', noun: 'tool', allows: (policy, pack, tool) => policy.allowsTool(pack, tool), refusedAs: 'tool_not_allowed', metered: true, audited: true },
    // Resource links, embedded resources and a task the result names are namespaced too.
    combined: { kind: 'route', param: 'name', names: TOOL_NAMESPACE, rewrite: (pack, result) => namespacedTasks(pack, namespacedToolResult(pack, result)) },
  },
  {
    method: PROMPTS_LIST,
    dialects: EVERY_DIALECT,
    handle: listPrompts,
    servedBy: offersPrompts,
    capability: listsChange('prompts'),
    clientSlot: false,
    policy: { ...CONTENT_LIST, field: 'prompts' },
    combined: { kind: 'fanOut', field: 'prompts', names: PROMPT_NAMESPACE },
  },
  {
    method: 'prompts/get',
    dialects: EVERY_DIALECT,
    handle: getPrompt,
    servedBy: offersPrompts,
    clientSlot: true,
    nameParam: 'name',
    policy: { ...CONTENT_USE, param: 'name', noun: 'prompt' },
    combined: { kind: 'route', param: 'name', names: PROMPT_NAMESPACE, rewrite: namespacedPromptResult },
  },
  {
    method: RESOURCES_LIST,
    dialects: EVERY_DIALECT,
    handle: listResources,
    servedBy: offersResources,
    capability: listsChange('resources'),
    clientSlot: false,
    policy: { ...CONTENT_LIST, field: 'resources' },
    combined: { kind: 'fanOut', field: 'resources', names: RESOURCE_NAMESPACE },
  },
  {
    method: RESOURCE_TEMPLATES_LIST,
    dialects: EVERY_DIALECT,
    handle: listResourceTemplates,
    servedBy: offersResources,
    clientSlot: false,
    policy: { ...CONTENT_LIST, field: 'resourceTemplates' },
    combined: { kind: 'fanOut', field: 'resourceTemplates', names: TEMPLATE_NAMESPACE },
  },
  {
    method: 'resources/read',
    dialects: EVERY_DIALECT,
    handle: readResource,
    servedBy: offersResources,
    clientSlot: true,
    nameParam: 'uri',
    policy: { ...CONTENT_USE, param: 'uri', noun: 'resource' },
    combined: { kind: 'route', param: 'uri', names: RESOURCE_NAMESPACE, rewrite: namespacedReadResult },
  },
  // 2025-era subscriptions ride a session's GET stream; 2026-07-28 subscribes in subscriptions/listen.
  {
    method: NAMES.listen.subscribe,
    dialects: LEGACY,
    handle: subscribeResource,
    servedBy: offersSubscriptions,
    capability: { name: 'resources', value: { subscribe: true } },
    clientSlot: true,
    policy: { kind: 'pack', allows: allowsContent },
    combined: { kind: 'route', param: 'uri', names: RESOURCE_NAMESPACE },
  },
  {
    method: NAMES.unsubscribe,
    dialects: LEGACY,
    handle: unsubscribeResource,
    servedBy: offersSubscriptions,
    clientSlot: true,
    policy: { kind: 'pack', allows: allowsContent },
    combined: { kind: 'route', param: 'uri', names: RESOURCE_NAMESPACE },
  },
  // 2026-07-28's one stream outside requests (list changes, resource updates); it filters by the caller itself.
  {
    method: 'subscriptions/listen',
    dialects: MODERN,
    handle: listenMethod(NAMES.listen, allowsContent),
    servedBy: listensTo,
    clientSlot: false,
    policy: { kind: 'open' },
    combined: { kind: 'self' },
  },
  {
    method: 'completion/complete',
    dialects: EVERY_DIALECT,
    handle: complete,
    servedBy: offersCompletion,
    capability: { name: 'completions', value: {} },
    clientSlot: true,
    policy: { kind: 'pack', allows: allowsContent },
    combined: { kind: 'custom', handle: completeCombined },
  },
  // 2026-07-28 sets the level per request (its `_meta`); the capability still says log lines come.
  {
    method: 'logging/setLevel',
    dialects: LEGACY,
    handle: setLogLevel,
    servedBy: logs,
    capability: { legacy: LOGGING, modern: LOGGING },
    clientSlot: false,
    policy: { kind: 'open' },
    // The level is the session's, whichever pack a line comes from: /mcp keeps it itself.
    combined: { kind: 'self' },
  },
  { method: 'tasks/get', dialects: EVERY_DIALECT, handle: getTask, ...TASK_USE, capability: { legacy: TASKS, modern: TASKS_EXTENSION_CAPABILITY }, combined: TASK_ROUTE },
  { method: 'tasks/result', dialects: LEGACY, handle: taskResult, ...TASK_USE, combined: TASK_ROUTE },
  {
    method: 'tasks/list',
    dialects: LEGACY,
    handle: listTasks,
    ...TASK_USE,
    capability: { name: 'tasks', value: { list: {} } },
    combined: { kind: 'fanOut', field: 'tasks', names: TASK_NAMESPACE },
  },
  { method: 'tasks/cancel', dialects: EVERY_DIALECT, handle: cancelTask, ...TASK_USE, capability: { legacy: { name: 'tasks', value: { cancel: {} } } }, combined: TASK_ROUTE },
  { method: 'tasks/update', dialects: MODERN, handle: updateTask, ...TASK_USE, combined: TASK_ROUTE },
];

/** Per-request views (`?view=<name>` at `/mcp` and `/<segment>/mcp`). */
const search = createSearchView(TOOLS_LIST);
const VIEWS: readonly MethodView[] = [
  // search_tools and call_tool instead of every tool (docs/tool-search.md).
  { name: 'search', methods: new Map([[TOOLS_LIST, search.listTools], ['tools/call', search.callTool]]) },
];

export const METHODS = new MethodTable(ENTRIES, VIEWS, NAMES);
