import { Refusal, type RemoteFeatures, type RemoteListedPrompt, type RemoteListedResource, type RemoteListedResourceTemplate } from '@toolgate/core/server';
import type { ConnectionBounds } from './federation-settings.ts';
import { createForwarder, type ForwardContext } from './forwarding/forwarder.ts';
import { createRemoteRequests, type RemoteRequests } from './forwarding/remote-requests.ts';
import { createInputBridge } from './relay/input-bridge.ts';
import type { RemoteConnection, ServerNotice } from './remote-connection.ts';
import { RemoteRpcError } from './remote-errors.ts';
import { createTaskBridge } from './tasks/task-bridge.ts';

/** Calls waiting for a 2026-07-28 client's answers, and tasks a 2026 client created, held at once per server. */
const MAX_PARKED = 1_000;
const MAX_TASKS = 1_000;
/** Requests a server sends together are shown together: gathered this long after the first. */
const GATHER_MS = 10;
/** The lifetime toolgate asks of a task it creates for a 2026-07-28 client. */
const TASK_TTL_MS = 3_600_000;

/** What the server declared that toolgate forwards besides tools: what core advertises for the pack. */
const FORWARDED_CAPABILITIES = ['prompts', 'resources', 'completions', 'logging', 'tasks'];

/**
 * Everything a fronted server offers besides its tools, as a remote pack serves it: the lists
 * (kept from the server's last answer, within the bounds), each request forwarded with what the
 * server sends during it routed back, and the notifications it sends outside requests. Names,
 * URIs and task ids are the server's own: core namespaces them at /mcp.
 */
export interface RemoteFeatureSet extends RemoteFeatures {
  prompts(): readonly RemoteListedPrompt[];
  resources(): readonly RemoteListedResource[];
  resourceTemplates(): readonly RemoteListedResourceTemplate[];
  /** The server's JSON-RPC error (and federation's own refusal of a request) rejects as core's Refusal: core answers it as it is. */
  request(method: string, params: Record<string, unknown>, context: ForwardContext): Promise<Record<string, unknown>>;
  onNotification(listener: (notification: ServerNotice) => void): () => void;
}

/** A JSON-RPC error of the server's, or of federation's own, as core answers it: its code, message and data unchanged. */
function asRefusal(error: unknown): never {
  if (error instanceof RemoteRpcError) throw new Refusal(200, error.code, error.message, error.data === undefined ? {} : { data: error.data });
  throw error;
}

/** The forwarding side of one remote pack: its features, its tool calls' requests, and what to close. */
export function createRemoteSide(connection: RemoteConnection, bounds: ConnectionBounds): { features: RemoteFeatureSet; requests: RemoteRequests; close(): void } {
  const timeoutFor = (method: string) => (method === 'tasks/result' ? bounds.clientWaitMs : bounds.timeoutMs);
  const send = (method: string, params: Record<string, unknown>, options: Parameters<RemoteConnection['send']>[2]) =>
    connection.send(method, params, { ...options, timeoutMs: Math.max(options.timeoutMs, timeoutFor(method)) });
  const bridge = createInputBridge({ answerTimeoutMs: bounds.clientWaitMs, maxParked: MAX_PARKED, gatherMs: GATHER_MS });
  const tasks = createTaskBridge({ send, timeoutMs: bounds.timeoutMs, resultTimeoutMs: bounds.clientWaitMs, maxTasks: MAX_TASKS, ttlMs: TASK_TTL_MS, gatherMs: GATHER_MS });
  // A notification on an answer stream that is not the request's own (a list change sent there) is the server's, for everyone.
  const forwarder = createForwarder({ send, bridge, timeoutMs: bounds.timeoutMs, onOtherNotification: () => undefined });
  const requests = createRemoteRequests({ forwarder, tasks, toolNamed: (name) => connection.lists.tools.entries.find((tool) => tool.name === name) });
  const { lists } = connection;
  const features: RemoteFeatureSet = {
    capabilities: () => Object.fromEntries(FORWARDED_CAPABILITIES.flatMap((name) => (connection.capabilities[name] === undefined ? [] : [[name, connection.capabilities[name]]]))),
    // The list reader served only entries its kind's schema took: a name, a uri and a name, a uriTemplate and a name.
    prompts: () => lists.prompts.entries as readonly RemoteListedPrompt[],
    resources: () => lists.resources.entries as readonly RemoteListedResource[],
    resourceTemplates: () => lists.resourceTemplates.entries as readonly RemoteListedResourceTemplate[],
    request: (method, params, context) => requests.request(method, params, context).catch(asRefusal),
    onNotification: (listener) => connection.listen(listener),
  };
  return {
    features,
    requests,
    close() {
      bridge.close();
      tasks.close();
    },
  };
}
