import type { ToolContext } from './tool.ts';

/** A prompt, resource or template as a fronted server lists it: passed on verbatim (`_meta`, icons, fields toolgate does not know). */
export interface RemoteListedPrompt {
  name: string;
  [field: string]: unknown;
}

export interface RemoteListedResource {
  uri: string;
  name: string;
  [field: string]: unknown;
}

export interface RemoteListedResourceTemplate {
  uriTemplate: string;
  name: string;
  [field: string]: unknown;
}

/** A notification a fronted server sent outside any request (a list changed, a subscribed resource was updated), as it sent it. */
export interface RemoteNotification {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * Everything a fronted MCP server offers besides tools (packages/federation implements it; tools
 * stay `RemoteTools`). Lists are read on every list request, so they must be cheap (kept from the
 * server's last answer); a changed list is a new array. Each part is present only when the server
 * declared the capability. Names, URIs and task ids are the server's own: core namespaces them
 * at `/mcp` and never hands a namespaced one here.
 */
export interface RemoteFeatures {
  /** The server's capabilities as it declared them: what core advertises for the pack. */
  capabilities(): Readonly<Record<string, unknown>>;
  prompts?(): readonly RemoteListedPrompt[];
  resources?(): readonly RemoteListedResource[];
  resourceTemplates?(): readonly RemoteListedResourceTemplate[];
  /**
   * Forwards one request (prompts/get, resources/read|subscribe|unsubscribe, completion/complete,
   * logging/setLevel, the tasks methods) and resolves with the server's result as it is. The
   * server's JSON-RPC error rejects with a `Refusal` (`new Refusal(200, code, message, { data })`,
   * from @toolgate/core) carrying its code, message and data: core answers it as is; any other
   * rejection is answered as an internal error. `context.signal` aborts
   * when the client goes away (send `notifications/cancelled` on); `context.client` relays the
   * server's progress, log lines and requests of its own (elicitation, sampling, roots).
   */
  request(method: string, params: Record<string, unknown>, context: ToolContext): Promise<Record<string, unknown>>;
  /** Notifications the server sends outside any request; core relays them to clients that listen. Returns the unsubscribe. */
  onNotification?(listener: (notification: RemoteNotification) => void): () => void;
}
