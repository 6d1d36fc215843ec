import type { Logger } from 'pino';
import type { Dispatcher } from './dispatch-context.ts';
import { CLIENT_SAFE_TOOL_NAME, combinedToolName } from './tools/tool-namespace.ts';

/** Where a combined name leads: the member and the name there. */
export interface Owner {
  member: Dispatcher;
  local: string;
}

/**
 * Which member owns each `<pack>_<name>` of one kind (prompts, as tools/tool-namespace.ts does for
 * tools): the first pack to hold a name keeps it, a clash or a name outside the client-safe pattern
 * is left out of `/mcp` and logged once. Rebuilt only when a member's list is a new array (a
 * remote server's list changed): read on every request, it costs a comparison per member.
 */
export function combinedOwners(members: readonly Dispatcher[], namesOf: (member: Dispatcher) => readonly { name: string }[], what: string, logger: Logger) {
  const warned = new Set<string>();
  let seen: (readonly unknown[])[] = [];
  let owners = new Map<string, Owner>();

  function build(lists: (readonly { name: string }[])[]): Map<string, Owner> {
    const built = new Map<string, Owner>();
    members.forEach((member, index) => {
      for (const { name } of lists[index]!) {
        const combined = combinedToolName(member.pack.name, name);
        const holder = built.get(combined);
        if (!CLIENT_SAFE_TOOL_NAME.test(combined) || holder) {
          if (!warned.has(combined)) {
            warned.add(combined);
            const why = holder ? `already ${holder.member.pack.name}/${holder.local}'s` : 'not 1 to 64 letters, digits, "_" or "-"';
            logger.warn({ pack: member.pack.name, [what]: name, name: combined }, `/mcp: ${member.pack.name}/${name} is left out: "${combined}" is ${why}; it stays at the pack's own URL`);
          }
        } else {
          built.set(combined, { member, local: name });
        }
      }
    });
    return built;
  }

  return (): ReadonlyMap<string, Owner> => {
    const lists = members.map(namesOf);
    if (lists.length !== seen.length || lists.some((list, index) => list !== seen[index])) {
      owners = build(lists);
      seen = lists;
    }
    return owners;
  };
}
