/** JSON-RPC 2.0 message shapes, checked by hand: this runs on every request. */

/** A JSON-RPC request's `id`: the client's, echoed in its answer. Not the X-Request-Id (RequestState.requestId). */
export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResult = { jsonrpc: '2.0'; id: JsonRpcId; result: Record<string, unknown> };
export type JsonRpcErrorResponse = { jsonrpc: '2.0'; id: JsonRpcId | null; error: JsonRpcError };
export type JsonRpcResponse = JsonRpcResult | JsonRpcErrorResponse;

export type IncomingMessage =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  /** A client's answer to a server request; toolgate sends none, so it is acknowledged and dropped. */
  /** A client's answer to a request the server asked it mid-call (streams/pending-client-requests.ts). */
  | { kind: 'response'; message: { id: JsonRpcId; result?: unknown; error?: unknown } }
  | { kind: 'invalid'; id: JsonRpcId | null };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function classifyMessage(value: unknown): IncomingMessage {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0') {
    return { kind: 'invalid', id: isPlainObject(value) && isJsonRpcId(value.id) ? value.id : null };
  }
  const { id, method, params } = value;
  if (params !== undefined && !isPlainObject(params)) return { kind: 'invalid', id: isJsonRpcId(id) ? id : null };
  if (typeof method === 'string') {
    if (id === undefined) return { kind: 'notification', message: value as unknown as JsonRpcNotification };
    if (isJsonRpcId(id)) return { kind: 'request', message: value as unknown as JsonRpcRequest };
    return { kind: 'invalid', id: null };
  }
  if (method === undefined && isJsonRpcId(id) && ('result' in value || 'error' in value)) return { kind: 'response', message: value as { id: JsonRpcId } };
  return { kind: 'invalid', id: isJsonRpcId(id) ? id : null };
}

/** The `id` of a parsed body that is one request, or null (a batch, a notification, anything else). */
export function jsonRpcIdOf(body: unknown): JsonRpcId | null {
  const id = isPlainObject(body) ? body.id : undefined;
  return isJsonRpcId(id) ? id : null;
}

export function resultResponse(id: JsonRpcId, result: Record<string, unknown>): JsonRpcResult {
  return { jsonrpc: '2.0', id, result };
}

export function errorResponse(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcErrorResponse {
  const error: JsonRpcError = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}
