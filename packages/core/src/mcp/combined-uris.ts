/**
 * How the combined endpoint (`/mcp`) namespaces a pack's resource URIs: the pack's name becomes
 * the URI's authority and everything after the original's `<scheme>:` follows the first slash.
 *
 *   quotes://quote/{id}      (quotes)      ->  quotes://quotes///quote/{id}
 *   ui://widget/panel.html   (everything)  ->  ui://everything///widget/panel.html
 *   urn:isbn:0451450523      (books)       ->  urn://books/isbn:0451450523
 *
 * One rule for every URI, reversible by stripping a prefix: the scheme is kept (so an MCP App's
 * `ui://` resource is still one), a valid URI stays valid (a pack name is a valid authority, and
 * the original's characters are not touched), and a URI template namespaced this way, expanded
 * by the client, reads back exactly the URI the server's own template gives. A URI without a
 * scheme cannot be namespaced: it is left out of `/mcp`.
 */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const NAMESPACED = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)\/(.*)$/s;

export function namespacedUri(pack: string, uri: string): string | undefined {
  const scheme = SCHEME.exec(uri)?.[1];
  if (scheme === undefined) return undefined;
  return `${scheme}://${pack}/${uri.slice(scheme.length + 1)}`;
}

/** The pack and the pack's own URI of a namespaced URI, or undefined when it is not one. */
export function parseNamespacedUri(uri: string): { pack: string; uri: string } | undefined {
  const match = NAMESPACED.exec(uri);
  if (!match || match[2] === '') return undefined;
  return { pack: match[2]!, uri: `${match[1]}:${match[3]}` };
}

/**
 * How `/mcp` names a pack's task: `<pack>:<taskId>`. Pack names never hold a colon (built-in:
 * letters and digits; a servers file's: letters, digits, `_` and `-`), so the first colon splits.
 */
export function namespacedTaskId(pack: string, taskId: string): string {
  return `${pack}:${taskId}`;
}

export function parseNamespacedTaskId(taskId: string): { pack: string; taskId: string } | undefined {
  const colon = taskId.indexOf(':');
  if (colon <= 0) return undefined;
  return { pack: taskId.slice(0, colon), taskId: taskId.slice(colon + 1) };
}
