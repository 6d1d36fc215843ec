/** The syslog levels MCP's logging uses, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The way back to the client while one request runs (a tool call, a prompt, a read), the same for
 * built-in packs and fronted servers. Core makes one per request and decides what reaches the
 * client: notifications go on the request's answer stream (SSE) when the client accepts one, and
 * are dropped otherwise; nothing here ever blocks the answer.
 */
export interface ClientChannel {
  /** `params._meta.progressToken` of the request, when the client wants progress. */
  readonly progressToken: string | number | undefined;
  /** notifications/progress for this request; dropped without a token. */
  progress(progress: number, total?: number, message?: string): void;
  /** notifications/message, sent when the client asked for this level or a less severe one. */
  log(level: LogLevel, data: unknown, logger?: string): void;
  /**
   * Any notification about this request, as it is (a fronted server's progress or log line,
   * relayed). True when it was sent, false when the client cannot receive it.
   */
  notify(method: string, params: Record<string, unknown>): boolean;
  /**
   * Whether the client declared the capability a request of `method` needs (elicitation,
   * sampling, roots): in a 2026-07-28 request's envelope, or at a 2025-era session's start.
   */
  declares(method: string): boolean;
  /**
   * Whether a request of `method` can reach the client now: a 2025-era client with a session,
   * whose answer can stream, that declared the capability. 2026-07-28 clients are asked through
   * `input_required` results instead (ask-client.ts).
   */
  canRequest(method: string): boolean;
  /**
   * Asks the client mid-request and waits for its answer (bounded by the request's own signal).
   * Rejects with ClientRequestError when the client answers with an error or cannot be asked.
   */
  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * 2026-07-28 (SEP-2322): every answer the client has given this request so far (this round's
   * `inputResponses` and earlier rounds', kept in the signed `requestState`), each an object;
   * empty on the first round. Undefined for 2025-era clients, which are asked mid-request.
   */
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  /** 2026-07-28: the `requestState` the previous round's `input_required` result carried, as sent. */
  readonly requestState: string | undefined;
}

/** The client refused a request, answered it with an error, or cannot be asked at all. */
export class ClientRequestError extends Error {
  override readonly name = 'ClientRequestError';
  readonly code: number | undefined;
  constructor(message: string, code?: number) {
    super(message);
    this.code = code;
  }
}
