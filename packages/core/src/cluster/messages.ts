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

export type WorkerMessage = ListeningMessage | MetricsRequest;
export type PrimaryMessage = MetricsReply | ShutdownMessage;

export function isMessage<Type extends string>(message: unknown, type: Type): message is { type: Type } {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}
