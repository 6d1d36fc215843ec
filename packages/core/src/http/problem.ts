import { errorResponse, type JsonRpcResponse, type RequestId } from '../mcp/json-rpc.ts';
import type { Rejection } from './rejection.ts';

/** An HTTP-level rejection that still carries a JSON-RPC error body, as MCP clients expect. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly body: JsonRpcResponse;
  readonly headers: Record<string, string>;
  /** A guard's refusal, for the rejection metrics (rejection.ts). */
  readonly rejection: Rejection | undefined;

  constructor(
    status: number,
    code: number,
    message: string,
    options: { id?: RequestId | null; data?: unknown; headers?: Record<string, string>; rejection?: Rejection } = {},
  ) {
    super(message);
    this.name = 'HttpProblem';
    this.status = status;
    this.body = errorResponse(options.id ?? null, code, message, options.data);
    this.headers = options.headers ?? {};
    this.rejection = options.rejection;
  }
}
