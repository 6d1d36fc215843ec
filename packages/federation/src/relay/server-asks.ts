/** What a fronted server may ask the client in the middle of a request, and the capability each needs. */
export const ASK_CAPABILITY: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** A request the server sent while one of ours ran, as it sent it. */
export interface ServerAsk {
  method: string;
  params: Record<string, unknown>;
}

export interface RpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

/** What goes back to the server: the client's answer, or an error that says why there is none. */
export type AskOutcome = { result: Record<string, unknown> } | { error: RpcErrorBody };

/** Answers the server's requests of one forwarded request. */
export type Relay = (ask: ServerAsk) => Promise<AskOutcome>;

/**
 * toolgate's `_meta` key a 2025-era server may put on a request to name it in the `inputRequests`
 * a 2026-07-28 client is shown (docs/federation.md); without it toolgate names it
 * `<elicitation|sampling|roots>-<n>`.
 */
export const INPUT_KEY_META = 'dev.toolgate/input-key';
const INPUT_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/** The key the server asked for, when it is a usable one. */
export function requestedKey(ask: ServerAsk): string | undefined {
  const meta = ask.params._meta;
  const key = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[INPUT_KEY_META] : undefined;
  return typeof key === 'string' && INPUT_KEY.test(key) ? key : undefined;
}

/** The request as the client sees it: toolgate's own `_meta` key taken out (and `_meta` with it when nothing else is left). */
export function forClient(ask: ServerAsk): ServerAsk {
  const meta = ask.params._meta;
  if (!meta || typeof meta !== 'object' || !(INPUT_KEY_META in meta)) return ask;
  const { [INPUT_KEY_META]: _key, ...rest } = meta as Record<string, unknown>;
  const { _meta: _old, ...params } = ask.params;
  return { method: ask.method, params: Object.keys(rest).length > 0 ? { ...params, _meta: rest } : params };
}

/** Why a request cannot be put to this client (a method toolgate does not relay, a capability not declared), or undefined. */
export function refusalOf(ask: ServerAsk, clientCapabilities: Readonly<Record<string, unknown>> | undefined): RpcErrorBody | undefined {
  const capability = ASK_CAPABILITY[ask.method];
  if (!capability) return { code: -32601, message: `Method not found: toolgate relays elicitation/create, sampling/createMessage and roots/list to the client, not ${ask.method}` };
  if (clientCapabilities && clientCapabilities[capability] === undefined) {
    return { code: -32601, message: `Method not found: the client did not declare the ${capability} capability, so it is not asked ${ask.method}` };
  }
  return undefined;
}
