/** The server forgot the session (404, or 400 as server-everything answers): initialize again. */
export class SessionLostError extends Error {
  override readonly name = 'SessionLostError';
}

/** The server answered the request with a JSON-RPC error: its code, message and data, as it sent them. */
export class RemoteRpcError extends Error {
  override readonly name = 'RemoteRpcError';
  readonly code: number;
  readonly data: unknown;
  constructor(message: string, code: number, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** No answer: the bound passed (`timedOut`), or the caller went away. The server is owed a cancellation. */
export class CallAbandonedError extends Error {
  override readonly name = 'CallAbandonedError';
  readonly requestId: string;
  readonly timedOut: boolean;
  constructor(message: string, requestId: string, timedOut: boolean) {
    super(message);
    this.requestId = requestId;
    this.timedOut = timedOut;
  }
}
