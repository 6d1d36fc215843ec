import { namespacedTaskId, namespacedUri } from './combined-uris.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The URI as `/mcp` shows it; a URI that cannot be namespaced (no scheme) is kept as the server gave it. */
const rewrite = (pack: string, uri: unknown) => (typeof uri === 'string' ? (namespacedUri(pack, uri) ?? uri) : uri);

/**
 * A `_meta` that points at an MCP App's resource (SEP-1865: `ui.resourceUri`, and the older flat
 * `ui/resourceUri`), pointing at the namespaced URI, so a host reads it back through `/mcp`.
 */
export function namespacedMeta(pack: string, meta: unknown): unknown {
  if (!isObject(meta)) return meta;
  const ui = meta.ui;
  const nested = isObject(ui) && typeof ui.resourceUri === 'string';
  const flat = typeof meta['ui/resourceUri'] === 'string';
  if (!nested && !flat) return meta;
  return {
    ...meta,
    ...(nested ? { ui: { ...(ui as Json), resourceUri: rewrite(pack, (ui as Json).resourceUri) } } : {}),
    ...(flat ? { 'ui/resourceUri': rewrite(pack, meta['ui/resourceUri']) } : {}),
  };
}

/** A listed tool at `/mcp`: its name is the caller's business (combined-names.ts); its `_meta`'s App resource is namespaced. */
export function namespacedToolMeta<Tool extends Json>(pack: string, tool: Tool): Tool {
  const meta = namespacedMeta(pack, tool._meta);
  return meta === tool._meta ? tool : { ...tool, _meta: meta };
}

/** One content item of a tool result or a prompt message: embedded resources and resource links carry URIs. */
function namespacedContent(pack: string, item: unknown): unknown {
  if (!isObject(item)) return item;
  if (item.type === 'resource' && isObject(item.resource)) return { ...item, resource: { ...item.resource, uri: rewrite(pack, item.resource.uri) } };
  if (item.type === 'resource_link') return { ...item, uri: rewrite(pack, item.uri), ...(item._meta === undefined ? {} : { _meta: namespacedMeta(pack, item._meta) }) };
  return item;
}

/** A tools/call result at `/mcp`: its content's URIs namespaced (built-in results hold none, and are passed as they are). */
export function namespacedToolResult(pack: string, result: Json): Json {
  const content = result.content;
  if (!Array.isArray(content) || !content.some((item) => isObject(item) && (item.type === 'resource' || item.type === 'resource_link'))) return result;
  return { ...result, content: content.map((item) => namespacedContent(pack, item)) };
}

/** A prompts/get result at `/mcp`: each message's embedded resource or link namespaced. */
export function namespacedPromptResult(pack: string, result: Json): Json {
  const messages = result.messages;
  if (!Array.isArray(messages)) return result;
  return { ...result, messages: messages.map((message) => (isObject(message) ? { ...message, content: namespacedContent(pack, message.content) } : message)) };
}

/** A resources/read result at `/mcp`: every contents entry's URI namespaced (a read may return sub-resources). */
export function namespacedReadResult(pack: string, result: Json): Json {
  const contents = result.contents;
  if (!Array.isArray(contents)) return result;
  return { ...result, contents: contents.map((entry) => (isObject(entry) ? { ...entry, uri: rewrite(pack, entry.uri), ...(entry._meta === undefined ? {} : { _meta: namespacedMeta(pack, entry._meta) }) } : entry)) };
}

/** A listed resource or template at `/mcp`, or undefined when its URI has no scheme to namespace under. */
export function namespacedListing(pack: string, entry: Json, field: 'uri' | 'uriTemplate'): Json | undefined {
  const uri = entry[field];
  const namespaced = typeof uri === 'string' ? namespacedUri(pack, uri) : undefined;
  if (namespaced === undefined) return undefined;
  return { ...entry, [field]: namespaced, ...(entry._meta === undefined ? {} : { _meta: namespacedMeta(pack, entry._meta) }) };
}

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/**
 * A result that names a task, as `/mcp` gives it: the task id namespaced `<pack>:<id>` wherever it
 * appears (2025-11-25's `{task}`, the extension's flat task, a task list, the related-task `_meta`).
 */
export function namespacedTasks(pack: string, result: Json): Json {
  let rewritten = result;
  if (typeof result.taskId === 'string') rewritten = { ...rewritten, taskId: namespacedTaskId(pack, result.taskId) };
  if (isObject(result.task) && typeof result.task.taskId === 'string') rewritten = { ...rewritten, task: { ...result.task, taskId: namespacedTaskId(pack, result.task.taskId) } };
  if (Array.isArray(result.tasks)) rewritten = { ...rewritten, tasks: result.tasks.map((task) => (isObject(task) && typeof task.taskId === 'string' ? { ...task, taskId: namespacedTaskId(pack, task.taskId) } : task)) };
  const related = isObject(result._meta) ? result._meta[RELATED_TASK] : undefined;
  if (isObject(related) && typeof related.taskId === 'string') {
    rewritten = { ...rewritten, _meta: { ...(result._meta as Json), [RELATED_TASK]: { ...related, taskId: namespacedTaskId(pack, related.taskId) } } };
  }
  return rewritten;
}
