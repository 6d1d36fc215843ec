/** An entry's allow-list (only these tools) and deny-list (never these), by tool name. */
export function toolFilter(lists: { allowTools?: readonly string[]; denyTools?: readonly string[] }): (tool: string) => boolean {
  const allowed = lists.allowTools ? new Set(lists.allowTools) : undefined;
  const denied = new Set(lists.denyTools ?? []);
  return (tool) => (allowed ? allowed.has(tool) : true) && !denied.has(tool);
}
