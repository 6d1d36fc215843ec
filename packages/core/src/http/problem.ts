import { errorResponse, type JsonRpcResponse, type RequestId } from '../mcp/json-rpc.ts';

/** An HTTP-level rejection that still carries a JSON-RPC error body, as MCP clients expect. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly body: JsonRpcResponse;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: number,
    message: string,
    options: { id?: RequestId | null; data?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpProblem';
    this.status = status;
    this.body = errorResponse(options.id ?? null, code, message, options.data);
    this.headers = options.headers ?? {};
  }
}
