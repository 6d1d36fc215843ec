import { ClientRequestError, LOG_LEVELS, type ClientChannel, type LogLevel } from '../client-channel.ts';
import type { ProtocolNames } from '../mcp/protocol-names.ts';
import type { EventSink } from './answer-stream.ts';
import type { PendingClientRequests } from './pending-client-requests.ts';
import type { Session } from './session-store.ts';

/** 2026-07-28: the log level a request asks for, in its `_meta`; without it no log line is sent. */
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

export interface RequestChannelOptions {
  modern: boolean;
  /** The notifications and client requests, as the method table names them. */
  names: ProtocolNames;
  sink: EventSink;
  /** The request's params: its progress token and (2026) log level are read from `_meta`. */
  params: Record<string, unknown> | undefined;
  /** 2025-era: the client's session, when it has one (its capabilities, log level; questions need it). */
  session?: Session | undefined;
  pending?: PendingClientRequests | undefined;
  signal: AbortSignal;
  /** What the client declared: a 2026-07-28 request's envelope (a session's are on the session). */
  clientCapabilities?: Record<string, unknown> | undefined;
  /** 2026-07-28: the answers so far (verified), and the state as sent. */
  inputResponses?: Record<string, unknown> | undefined;
  requestState?: string | undefined;
}

const severity = (level: unknown) => LOG_LEVELS.indexOf(level as LogLevel);

/** The way back to the client for one request (client-channel.ts): see RequestChannelOptions. */
export function createRequestChannel(options: RequestChannelOptions): ClientChannel {
  const { sink, session, modern, names } = options;
  const meta = options.params?._meta as Record<string, unknown> | undefined;
  const token = meta?.progressToken;
  const progressToken = typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token)) ? token : undefined;
  const threshold = severity(modern ? meta?.[META_LOG_LEVEL] : (session?.logLevel ?? 'info'));

  const notify = (method: string, params: Record<string, unknown>): boolean => {
    if (method === names.message && (threshold < 0 || severity(params.level) < threshold)) return false;
    return sink.send({ jsonrpc: '2.0', method, params }, true);
  };

  const declared = modern ? options.clientCapabilities : session?.clientCapabilities;
  const declares = (method: string): boolean => {
    const capability = names.clientRequests[method];
    return capability !== undefined && declared?.[capability] !== undefined;
  };

  const canRequest = (method: string): boolean => {
    const capability = names.clientRequests[method];
    return !modern && sink.canStream && options.pending !== undefined && capability !== undefined && session?.clientCapabilities[capability] !== undefined;
  };

  return {
    progressToken,
    progress(progress, total, message) {
      if (progressToken === undefined) return;
      notify(names.progress, { progressToken, progress, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) });
    },
    log(level, data, logger) {
      notify(names.message, { level, data, ...(logger === undefined ? {} : { logger }) });
    },
    notify,
    declares,
    canRequest,
    request(method, params) {
      if (!canRequest(method)) return Promise.reject(new ClientRequestError(`the client cannot be asked ${method} on this request`));
      return options.pending!.ask(sink, session!.id, method, params, options.signal);
    },
    inputResponses: modern ? (options.inputResponses ?? {}) : undefined,
    requestState: options.requestState,
  };
}
