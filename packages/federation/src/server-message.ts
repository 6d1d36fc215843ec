/** A JSON-RPC message a server sent, sorted by what it is. */
export type ServerMessage =
  | { kind: 'response'; id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }
  | { kind: 'request'; id: string | number; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> }
  | { kind: 'other' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What one parsed message is; anything that is not JSON-RPC is `other` (skipped, never trusted). */
export function classifyServerMessage(message: unknown): ServerMessage {
  if (!isObject(message)) return { kind: 'other' };
  const { id, method } = message;
  const params = isObject(message.params) ? message.params : {};
  if (typeof method === 'string') {
    if (id === undefined) return { kind: 'notification', method, params };
    if (typeof id === 'string' || typeof id === 'number') return { kind: 'request', id, method, params };
    return { kind: 'other' };
  }
  if ('result' in message || 'error' in message) {
    const error = isObject(message.error) ? message.error : undefined;
    if (error) {
      const body = { code: typeof error.code === 'number' ? error.code : -32603, message: typeof error.message === 'string' ? error.message : 'error' };
      return { kind: 'response', id, error: 'data' in error ? { ...body, data: error.data } : body };
    }
    return isObject(message.result) ? { kind: 'response', id, result: message.result } : { kind: 'response', id };
  }
  return { kind: 'other' };
}
