import type { ExchangeOptions } from '../http-exchange.ts';
import type { InputBridge } from '../relay/input-bridge.ts';
import { legacyRelay, type AskingChannel } from '../relay/legacy-relay.ts';
import { requestIdentity, upstreamParams } from './upstream-params.ts';

/** The way back to the client during one request, as core gives it (its ClientChannel). */
export interface ForwardChannel extends AskingChannel {
  readonly progressToken: string | number | undefined;
  notify(method: string, params: Record<string, unknown>): boolean;
  /** Defined (`{}` on a first round) exactly when the client speaks 2026-07-28. */
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
}

/** What a forwarded request gets from core besides its params. */
export interface ForwardContext {
  signal: AbortSignal;
  clientCapabilities?: Record<string, unknown> | undefined;
  client?: ForwardChannel | undefined;
  /** HTTP headers for this request's own (the trace context). */
  headers?: Record<string, string> | undefined;
}

/** Sends one request on the live connection with the server's messages routed (reconnecting once on a lost session). */
export type SendUpstream = (method: string, params: Record<string, unknown>, options: ExchangeOptions) => Promise<Record<string, unknown>>;

export interface ForwarderOptions {
  send: SendUpstream;
  bridge: InputBridge;
  timeoutMs: number;
  /** Notifications on an answer stream that are not the request's own (a list change sent there). */
  onOtherNotification(method: string, params: Record<string, unknown>): void;
}

/**
 * Forwards one client request to the server and everything the server sends back during it to
 * the client: progress (under the client's own token), log lines, and the server's requests of
 * the client, asked mid-request of a 2025-era client or as `input_required` rounds of a
 * 2026-07-28 one. Resolves with the server's result as it is; rejects as the server or the
 * connection failed.
 */
export function createForwarder(options: ForwarderOptions) {
  let tokens = 0;

  /** The server's notifications during a request, to the channel of the request's current round. */
  const sinkFor =
    (channel: ForwardChannel | undefined) =>
    (method: string, params: Record<string, unknown>): void => {
      if (method === 'notifications/progress') {
        // Each request has its own answer stream: progress there is this request's.
        if (channel?.progressToken !== undefined) channel.notify(method, { ...params, progressToken: channel.progressToken });
      } else if (method === 'notifications/message') {
        channel?.notify(method, params);
      } else {
        options.onOtherNotification(method, params);
      }
    };

  function forward(method: string, params: Readonly<Record<string, unknown>>, context: ForwardContext): Promise<Record<string, unknown>> {
    const channel = context.client;
    const token = channel?.progressToken === undefined ? undefined : `toolgate-progress-${(tokens += 1)}`;
    const sent = upstreamParams(params, token);
    if (channel?.inputResponses === undefined) {
      return options.send(method, sent, { timeoutMs: options.timeoutMs, signal: context.signal, relay: legacyRelay(channel), notify: sinkFor(channel), headers: context.headers });
    }
    return options.bridge.forward(
      { identity: requestIdentity(method, params), params, clientCapabilities: context.clientCapabilities, signal: context.signal, notify: sinkFor(channel) },
      (relay, signal, notify) => options.send(method, sent, { timeoutMs: options.timeoutMs, signal, relay, notify, headers: context.headers }),
    );
  }

  return { forward };
}

export type Forwarder = ReturnType<typeof createForwarder>;
