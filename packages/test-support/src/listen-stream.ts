/** One JSON-RPC message of an event stream. */
export interface StreamedMessage {
  id?: string | number;
  method?: string;
  params?: Record<string, any>;
  result?: Record<string, any>;
  error?: { code: number; message: string };
}

export interface ListenStream {
  /** The HTTP status of the answer (200 once it streams; a refusal's otherwise). */
  status: number;
  /** Every message read so far, in order; a refusal's JSON body is its only one. */
  messages: StreamedMessage[];
  /** Resolves once `count` messages have been read (or the stream ended with fewer). */
  received(count: number): Promise<StreamedMessage[]>;
  /** Closes the stream from the client's side. */
  close(): void;
}

/** The `_meta` envelope of a 2026-07-28 request with no client capabilities. */
export const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/**
 * A 2026-07-28 client's `subscriptions/listen`, by hand (fetch, no SDK): POSTs it with `id` and
 * `notifications`, and reads its event stream message by message as they come.
 */
export async function openListenStream(url: string, id: string | number, notifications: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ListenStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    signal: abort.signal,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { _meta: MODERN_META, notifications } }),
  });
  const messages: StreamedMessage[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const wake = () => waiters.forEach((waiter) => waiter());
  void (async () => {
    try {
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        messages.push((await response.json()) as StreamedMessage);
        return;
      }
      const decoder = new TextDecoder();
      let buffered = '';
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffered += decoder.decode(read.value, { stream: true });
        let boundary: number;
        while ((boundary = buffered.indexOf('\n\n')) !== -1) {
          const event = buffered.slice(0, boundary);
          buffered = buffered.slice(boundary + 2);
          const data = event.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          if (data) messages.push(JSON.parse(data) as StreamedMessage);
        }
        wake();
      }
    } catch {
      // Closed by the test: what was read stays.
    } finally {
      ended = true;
      wake();
    }
  })();
  return {
    status: response.status,
    messages,
    received: (count) =>
      new Promise((resolve) => {
        const check = () => {
          if (messages.length < count && !ended) return;
          waiters.delete(check);
          resolve(messages.slice(0, count));
        };
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}
