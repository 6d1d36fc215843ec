import { discover, initialize, ping } from './handshake.ts';
import { MethodTable, type MethodEntry, type MethodView } from './method-entry.ts';
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

/** What the catalog page asks of each pack (page/catalog.ts): its tools, as a client sees them. */
export const TOOLS_LIST = 'tools/list';

const ENTRIES: readonly MethodEntry[] = [
  { method: 'initialize', dialects: LEGACY, handle: initialize, ...HANDSHAKE },
  // 2026-07-28 dropped ping; only the handshake era has it.
  { method: 'ping', dialects: LEGACY, handle: ping, ...HANDSHAKE },
  { method: 'server/discover', dialects: MODERN, handle: discover, ...HANDSHAKE },
  {
    method: TOOLS_LIST,
    dialects: EVERY_DIALECT,
    handle: listTools,
    capability: { name: 'tools', value: { listChanged: false } },
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
    combined: { kind: 'route', param: 'name', names: TOOL_NAMESPACE },
  },
];

/** Per-request views (`?view=<name>` at `/mcp` and `/<segment>/mcp`). */
const search = createSearchView(TOOLS_LIST);
const VIEWS: readonly MethodView[] = [
  // search_tools and call_tool instead of every tool (docs/tool-search.md).
  { name: 'search', methods: new Map([[TOOLS_LIST, search.listTools], ['tools/call', search.callTool]]) },
];

export const METHODS = new MethodTable(ENTRIES, VIEWS);
