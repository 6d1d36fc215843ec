import type { Logger } from 'pino';
import type { ClientChannel } from '../client-channel.ts';
import type { JsonRpcRequest } from '../protocol/json-rpc.ts';
import { NO_STREAM } from '../streams/answer-stream.ts';
import { createRequestChannel } from '../streams/request-channel.ts';
import type { TaskControl, ToolContext } from '../tool.ts';
import type { DispatchContext } from './dispatch-context.ts';
import type { ProtocolNames } from './protocol-names.ts';

/** A call that may become a task: once it has, its context speaks through the task (tasks/task-call.ts). */
export interface TaskSwitch extends TaskControl {
  /** The task's channel and signal, once the call has become one. */
  readonly current: { client: ClientChannel; signal: AbortSignal } | undefined;
}

/** What one round of a request carries besides the request (2026-07-28: the answers so far; a call that may become a task). */
export interface RoundInput {
  inputResponses?: Record<string, unknown> | undefined;
  requestState?: string | undefined;
  task?: TaskSwitch | undefined;
}

/**
 * What a tool, prompt or read handler gets for one request: the dispatch context's fields, and
 * its channel back to the client made on first use (most handlers never touch it). A class, as
 * LazyDispatchContext is, so every request's context shares one hidden class.
 */
export class HandlerContext implements ToolContext {
  readonly #source: DispatchContext;
  readonly #request: JsonRpcRequest;
  readonly #names: ProtocolNames;
  readonly #round: RoundInput | undefined;
  #client: ClientChannel | undefined;

  constructor(source: DispatchContext, request: JsonRpcRequest, names: ProtocolNames, round?: RoundInput) {
    this.#source = source;
    this.#request = request;
    this.#names = names;
    this.#round = round;
  }

  get task(): TaskControl | undefined {
    return this.#round?.task;
  }

  get clientCapabilities(): Record<string, unknown> | undefined {
    return this.#source.clientCapabilities ?? this.#source.transport?.session?.clientCapabilities;
  }

  get signal(): AbortSignal {
    return this.#round?.task?.current?.signal ?? this.#source.signal;
  }

  get requestId(): string {
    return this.#source.requestId;
  }

  get logger(): Logger {
    return this.#source.logger;
  }

  get client(): ClientChannel {
    const running = this.#round?.task?.current;
    if (running) return running.client;
    const source = this.#source;
    const transport = source.transport;
    return (this.#client ??= createRequestChannel({
      modern: source.dialect === 'modern',
      names: this.#names,
      sink: transport?.sink ?? NO_STREAM,
      params: this.#request.params,
      session: transport?.session,
      pending: transport?.pending,
      signal: source.signal,
      clientCapabilities: source.clientCapabilities,
      inputResponses: this.#round?.inputResponses,
      requestState: this.#round?.requestState,
    }));
  }
}
