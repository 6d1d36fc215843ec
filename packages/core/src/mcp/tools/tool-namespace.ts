import type { Logger } from 'pino';
import { namespacedToolMeta } from '../combined-rewrite.ts';
import type { CombinedSelection } from '../combined-selection.ts';
import type { Dispatcher } from '../dispatch-context.ts';
import type { NamedItem, Namespace, NamespaceIndex } from '../method-entry.ts';

/**
 * How `/mcp` names a pack's tool: `<pack>_<tool>`, e.g. `quotes_random_quote`. The pack's name,
 * not its path segment: a name survives `<PACK>_SEGMENT`, and it is the `<pack>` of
 * COMBINED_INCLUDE/COMBINED_EXCLUDE and of the per-key policy.
 */
export function combinedToolName(pack: string, tool: string): string {
  return `${pack}_${tool}`;
}

/**
 * The names every major client and model provider accepts (Anthropic's and OpenAI's tool-name
 * rule; Cursor and VS Code refuse others). A combined name outside it is left out of `/mcp`.
 */
export const CLIENT_SAFE_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

interface Route {
  member: Dispatcher;
  local: string;
}

/**
 * Which pack owns each combined name, from every pack's full tool set (not one caller's view of
 * it), so every caller's list and calls agree on who owns a name. Rebuilt only when a remote pack's
 * list has changed (its server's `tools/list_changed`, a reconnect): read on every request, it costs
 * a comparison per remote pack.
 *
 * A name outside `^[a-zA-Z0-9_-]{1,64}$`, or one an earlier pack already holds (packs in the order
 * they are served), is left out of `/mcp` and logged once; the tool stays at its pack's own URL.
 */
function toolIndex(members: readonly Dispatcher[], selection: CombinedSelection, logger: Logger): NamespaceIndex {
  const warned = new Set<string>();
  const warnOnce = (key: string, fields: Record<string, unknown>, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    logger.warn(fields, message);
  };
  const packs = members.map((member) => member.pack.name);
  let seen: (readonly unknown[] | undefined)[] = [];
  let routes = new Map<string, Route>();
  /** A pack's listed tools, renamed: kept per list (a built-in pack answers with the same array every time) while the owners stay the same. */
  let renamed = new WeakMap<readonly NamedItem[], NamedItem[]>();

  function build(remoteLists: (readonly { name: string }[] | undefined)[]): Map<string, Route> {
    const built = new Map<string, Route>();
    members.forEach((member, index) => {
      const pack = member.pack.name;
      const names = [...member.pack.tools.map((tool) => tool.name), ...(remoteLists[index] ?? []).map((tool) => tool.name)];
      for (const tool of names) {
        if (!selection.serves(pack, tool)) continue;
        const name = combinedToolName(pack, tool);
        const holder = built.get(name);
        if (!CLIENT_SAFE_TOOL_NAME.test(name)) {
          warnOnce(`unsafe:${name}`, { pack, tool, name }, `/mcp: ${pack}/${tool} is left out: "${name}" is not 1 to 64 letters, digits, "_" or "-"; it stays at the pack's own URL`);
        } else if (holder) {
          warnOnce(`clash:${name}`, { pack, tool, name, holder: holder.member.pack.name }, `/mcp: ${pack}/${tool} is left out: "${name}" is already ${holder.member.pack.name}/${holder.local}'s; it stays at the pack's own URL`);
        } else {
          built.set(name, { member, local: tool });
        }
      }
    });
    return built;
  }

  function owners(): ReadonlyMap<string, Route> {
    const remoteLists = members.map((member) => member.pack.remoteTools?.list());
    if (remoteLists.length !== seen.length || remoteLists.some((list, index) => list !== seen[index])) {
      routes = build(remoteLists);
      seen = remoteLists;
      renamed = new WeakMap();
    }
    return routes;
  }

  return {
    route: (name) => owners().get(name),
    rename(member, tools) {
      const routes = owners();
      let list = renamed.get(tools);
      if (!list) {
        list = tools.flatMap((tool) => {
          const name = combinedToolName(member.pack.name, tool.name);
          const route = routes.get(name);
          // An MCP App's resource the tool points at (`_meta.ui.resourceUri`) is read back through /mcp too.
          return route?.member === member && route.local === tool.name ? [namespacedToolMeta(member.pack.name, { ...tool, name })] : [];
        });
        renamed.set(tools, list);
      }
      return list;
    },
    // A restricted caller is told only of the packs it may use: the rest are none of its business.
    notFound: (name, _dialect, caller) => {
      const shown = caller?.policy.restricted ? packs.filter((pack) => caller.policy.allowsPack(pack)) : packs;
      return `Tool ${name} not found: at /mcp each tool is named <pack>_<tool> (packs here: ${shown.join(', ') || 'none'})`;
    },
  };
}

export const TOOL_NAMESPACE: Namespace = { index: toolIndex };
