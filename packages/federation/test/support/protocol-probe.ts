/**
 * One request of each MCP method, as a client of one revision sends it to one endpoint, and what
 * the answer was in the words of docs/protocol.md's method table: `✓` (a result), `202`
 * (a notification taken), or the error code with its HTTP status when that is not 200.
 */

export const REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

const MODERN: Revision = '2026-07-28';
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** How an endpoint names a pack's things: its own names at /<pack>/mcp, namespaced at /mcp. */
export interface Naming {
  name(local: string): string;
  uri(local: string): string;
  taskId(local: string): string;
}

export const OWN: Naming = { name: (local) => local, uri: (local) => local, taskId: (local) => local };
export const namespacedFor = (pack: string): Naming => ({
  name: (local) => `${pack}_${local}`,
  uri: (local) => local.replace(/^(\w+):/, `$1://${pack}/`),
  taskId: (local) => `${pack}:${local}`,
});

/** A client of one revision at one endpoint: initialized (with the session it was given) for the 2025-era revisions. */
export class ProbeClient {
  readonly #url: string;
  readonly revision: Revision;
  #session: string | undefined;
  #ids = 0;

  constructor(url: string, revision: Revision) {
    this.#url = url;
    this.revision = revision;
  }

  get modern(): boolean {
    return this.revision === MODERN;
  }

  async start(): Promise<void> {
    if (this.modern) return;
    const answer = await this.send('initialize', { protocolVersion: this.revision, capabilities: {}, clientInfo: { name: 'protocol-table', version: '1.0.0' } });
    if (answer.outcome !== '✓') throw new Error(`initialize at ${this.#url} (${this.revision}): ${answer.outcome}`);
    await this.send('notifications/initialized', undefined, { notification: true });
  }

  /** Sends one request (or notification) and says what came back. */
  async send(
    method: string,
    params?: Record<string, unknown>,
    options: { notification?: boolean; nameParam?: string; logLevel?: string; firstEvent?: boolean } = {},
  ): Promise<{ outcome: string; body: any; messages: any[] }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': this.revision };
    let sent = params;
    if (this.modern) {
      headers['mcp-method'] = method;
      const named = options.nameParam ? params?.[options.nameParam] : undefined;
      if (typeof named === 'string') headers['mcp-name'] = named;
      const envelope = {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
        ...(options.logLevel ? { 'io.modelcontextprotocol/logLevel': options.logLevel } : {}),
      };
      sent = { ...params, _meta: { ...(params?._meta as object | undefined), ...envelope } };
    } else if (this.#session) {
      headers['mcp-session-id'] = this.#session;
    }
    const message = { jsonrpc: '2.0', ...(options.notification ? {} : { id: (this.#ids += 1) }), method, ...(sent ? { params: sent } : {}) };
    const abort = new AbortController();
    const response = await fetch(this.#url, { method: 'POST', headers, body: JSON.stringify(message), signal: abort.signal });
    // A stream that does not end by itself (subscriptions/listen): what it opens with, then closed.
    if (options.firstEvent && response.headers.get('content-type')?.includes('text/event-stream')) {
      const first = await firstEventOf(response);
      abort.abort();
      return { outcome: first?.method === 'notifications/subscriptions/acknowledged' ? 'acknowledged' : 'no acknowledgment', body: undefined, messages: first ? [first] : [] };
    }
    const session = response.headers.get('mcp-session-id');
    if (method === 'initialize' && session) this.#session = session;
    const text = await response.text();
    if (response.status === 202 && text === '') return { outcome: '202', body: undefined, messages: [] };
    const messages = parseMessages(text, response.headers.get('content-type'));
    const body = messages.filter((message) => 'result' in message || 'error' in message).at(-1);
    if (body?.result !== undefined && response.status === 200) return { outcome: '✓', body, messages };
    const code = body?.error?.code ?? 'no answer';
    return { outcome: response.status === 200 ? String(code) : `${code} (${response.status})`, body, messages };
  }
}

async function firstEventOf(response: Response): Promise<any> {
  const decoder = new TextDecoder();
  let text = '';
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
    if (text.includes('\n\n')) return parseMessages(text.slice(0, text.indexOf('\n\n')), 'text/event-stream')[0];
  }
  return undefined;
}

/** The JSON-RPC messages of an answer: its JSON body, or every event of its stream in order. */
function parseMessages(text: string, contentType: string | null): any[] {
  if (contentType?.includes('text/event-stream')) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5)));
  }
  return text === '' ? [] : [JSON.parse(text)];
}

/** `sent` when the answer carried a notification of `method` before its result, else `none`. */
const carried = (messages: any[], method: string, matches: (params: any) => boolean = () => true) =>
  messages.some((message) => message.method === method && matches(message.params)) ? 'sent' : 'none';

/** The request a client sends for `method`, with the pack's things named as the endpoint names them. */
export async function probe(client: ProbeClient, method: string, naming: Naming): Promise<string> {
  // tasks/result waits for its task's end: one that ends at once; the others ask about one still running.
  const task = () => makeTask(client, naming, method === 'tasks/result' ? 0 : 20);
  const prompt = { type: 'ref/prompt', name: naming.name('test_prompt_with_arguments') };
  switch (method) {
    case 'initialize':
      return (await client.send(method, { protocolVersion: client.revision, capabilities: {}, clientInfo: { name: 'protocol-table', version: '1.0.0' } })).outcome;
    case 'tools/call':
      return (await client.send(method, { name: naming.name('test_simple_text'), arguments: {} }, { nameParam: 'name' })).outcome;
    case 'prompts/get':
      return (await client.send(method, { name: naming.name('test_simple_prompt') }, { nameParam: 'name' })).outcome;
    case 'resources/read':
      return (await client.send(method, { uri: naming.uri('test://static-text') }, { nameParam: 'uri' })).outcome;
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return (await client.send(method, { uri: naming.uri('test://watched-resource') }, { nameParam: 'uri' })).outcome;
    case 'completion/complete':
      return (await client.send(method, { ref: prompt, argument: { name: 'arg1', value: 'p' } })).outcome;
    case 'logging/setLevel':
      return (await client.send(method, { level: 'info' })).outcome;
    case 'tasks/get':
    case 'tasks/result':
    case 'tasks/cancel':
      return (await client.send(method, { taskId: await task() }, { nameParam: 'taskId' })).outcome;
    case 'tasks/update':
      return (await client.send(method, { taskId: await task(), inputResponses: {} }, { nameParam: 'taskId' })).outcome;
    case 'notifications/progress': {
      const { messages } = await client.send('tools/call', { name: naming.name('test_tool_with_progress'), arguments: {}, _meta: { progressToken: 'probe' } }, { nameParam: 'name' });
      return carried(messages, method, (params) => params?.progressToken === 'probe');
    }
    case 'notifications/message': {
      const { messages } = await client.send('tools/call', { name: naming.name('test_tool_with_logging'), arguments: {} }, { nameParam: 'name', logLevel: 'info' });
      return carried(messages, method);
    }
    case 'subscriptions/listen':
      return (await client.send(method, { notifications: { toolsListChanged: true, resourceSubscriptions: [naming.uri('test://watched-resource')] } }, { firstEvent: true })).outcome;
    case 'notifications/initialized':
    case 'notifications/roots/list_changed':
      return (await client.send(method, undefined, { notification: true })).outcome;
    case 'notifications/cancelled':
      return (await client.send(method, { requestId: 999_999, reason: 'probe' }, { notification: true })).outcome;
    default:
      return (await client.send(method, {})).outcome;
  }
}

/**
 * A task made by tools/call with `task` (2025-era) or the tasks extension (2026-07-28), running
 * `seconds`; its id as the endpoint names it, or a made-up one when the call made none.
 */
export async function makeTask(client: ProbeClient, naming: Naming, seconds: number): Promise<string> {
  const params = { name: naming.name('slow_compute'), arguments: { seconds }, ...(client.modern ? {} : { task: { ttl: 60_000 } }) };
  const { body } = await client.send('tools/call', params, { nameParam: 'name' });
  const result = body?.result;
  const taskId = result?.task?.taskId ?? (result?.resultType === 'task' ? result.taskId : undefined);
  return typeof taskId === 'string' ? taskId : naming.taskId('no-such-task');
}
