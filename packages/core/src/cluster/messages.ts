/** What the cluster primary and its workers say to each other over IPC (beside prom-client's and the rate limiter's own). */

/** Worker → primary: the server is listening (the primary logs the URL once). */
export interface ListeningMessage {
  type: 'toolgate:listening';
  url: string;
}

/** Worker → primary: a /metrics request; the primary answers with every worker's series aggregated. */
export interface MetricsRequest {
  type: 'toolgate:metrics';
  id: number;
}

/** Primary → worker: the aggregated exposition, or why there is none. */
export interface MetricsReply {
  type: 'toolgate:metrics';
  id: number;
  text?: string;
  error?: string;
}

/** Primary → worker: drain and exit, as on SIGTERM. */
export interface ShutdownMessage {
  type: 'toolgate:shutdown';
}

/**
 * Worker → primary → every other worker: a session's answer to a question another worker asked it
 * mid-call (the answer's POST came in on this worker's connection). Its owner settles it.
 */
export interface ClientAnswerMessage {
  type: 'toolgate:client-answer';
  owner: string;
  message: { id?: unknown; result?: unknown; error?: unknown };
}

export type WorkerMessage = ListeningMessage | MetricsRequest | ClientAnswerMessage;
export type PrimaryMessage = MetricsReply | ShutdownMessage | ClientAnswerMessage;

export function isMessage<Type extends string>(message: unknown, type: Type): message is { type: Type } {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}
