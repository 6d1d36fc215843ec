import { forClient, refusalOf, type Relay } from './server-asks.ts';

/** The way back to a 2025-era client, as core gives it (its ClientChannel). */
export interface AskingChannel {
  canRequest(method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list'): boolean;
  request(method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list', params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * A 2025-era client: the server's request goes to the client on the request's answer stream and
 * the client's answer back to the server. A client that cannot be asked (no session, an answer
 * that cannot stream, the capability not declared) is never asked: the server gets an error at
 * once, as from a client without the capability, and decides what its tool does without it.
 */
export function legacyRelay(channel: AskingChannel | undefined): Relay {
  return async (ask) => {
    const refused = refusalOf(ask, undefined);
    if (refused) return { error: refused };
    const method = ask.method as Parameters<AskingChannel['request']>[0];
    if (!channel?.canRequest(method)) {
      return {
        error: {
          code: -32601,
          message: `Method not found: this client cannot be asked ${ask.method} (it needs a session with an answer stream and the capability declared)`,
        },
      };
    }
    try {
      return { result: await channel.request(method, forClient(ask).params) };
    } catch (error) {
      const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603;
      return { error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
  };
}
