import type { Logger } from 'pino';
import type { Dispatcher } from './dispatcher.ts';
import { CLIENT_SAFE_TOOL_NAME, combinedToolName } from './combined-names.ts';
import type { CombinedSelection } from './combined-selection.ts';

/** Where a combined name leads: the pack's dispatcher and the tool's own name there. */
export interface CombinedRoute {
  member: Dispatcher;
  tool: string;
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
export function combinedIndex(members: readonly Dispatcher[], selection: CombinedSelection, logger: Logger): () => ReadonlyMap<string, CombinedRoute> {
  const warned = new Set<string>();
  const warnOnce = (key: string, fields: Record<string, unknown>, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    logger.warn(fields, message);
  };
  let seen: (readonly unknown[] | undefined)[] = [];
  let routes = new Map<string, CombinedRoute>();

  function build(remoteLists: (readonly { name: string }[] | undefined)[]): Map<string, CombinedRoute> {
    const built = new Map<string, CombinedRoute>();
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
          warnOnce(`clash:${name}`, { pack, tool, name, holder: holder.member.pack.name }, `/mcp: ${pack}/${tool} is left out: "${name}" is already ${holder.member.pack.name}/${holder.tool}'s; it stays at the pack's own URL`);
        } else {
          built.set(name, { member, tool });
        }
      }
    });
    return built;
  }

  return () => {
    const remoteLists = members.map((member) => member.pack.remoteTools?.list());
    if (remoteLists.length !== seen.length || remoteLists.some((list, index) => list !== seen[index])) {
      routes = build(remoteLists);
      seen = remoteLists;
    }
    return routes;
  };
}
