/** JSON-RPC 2.0 message shapes, checked by hand: this runs on every request. */

export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
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

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: RequestId; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: RequestId | null; error: JsonRpcError };

export type IncomingMessage =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  /** A client's answer to a server request; toolgate sends none, so it is acknowledged and dropped. */
  | { kind: 'response' }
  | { kind: 'invalid'; id: RequestId | null };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function classifyMessage(value: unknown): IncomingMessage {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0') {
    return { kind: 'invalid', id: isPlainObject(value) && isRequestId(value.id) ? value.id : null };
  }
  const { id, method, params } = value;
  if (params !== undefined && !isPlainObject(params)) return { kind: 'invalid', id: isRequestId(id) ? id : null };
  if (typeof method === 'string') {
    if (id === undefined) return { kind: 'notification', message: value as unknown as JsonRpcNotification };
    if (isRequestId(id)) return { kind: 'request', message: value as unknown as JsonRpcRequest };
    return { kind: 'invalid', id: null };
  }
  if (method === undefined && isRequestId(id) && ('result' in value || 'error' in value)) return { kind: 'response' };
  return { kind: 'invalid', id: isRequestId(id) ? id : null };
}

export function resultResponse(id: RequestId, result: Record<string, unknown>): JsonRpcResponse {
  return { jsonrpc: '2.0', id, result };
}

export function errorResponse(id: RequestId | null, code: number, message: string, data?: unknown): JsonRpcResponse {
  const error: JsonRpcError = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

/** A protocol-level failure inside a handler: becomes a JSON-RPC error response. */
export class JsonRpcFault extends Error {
  readonly code: number;
  readonly data: unknown;
  /** HTTP status for dialects that map errors to statuses (2026-07-28). */
  readonly httpStatus: number;

  constructor(code: number, message: string, options: { data?: unknown; httpStatus?: number } = {}) {
    super(message);
    this.name = 'JsonRpcFault';
    this.code = code;
    this.data = options.data;
    this.httpStatus = options.httpStatus ?? 200;
  }
}
