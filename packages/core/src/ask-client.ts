import { ToolError, type ToolContext } from './tool.ts';

/** One thing to ask the client (elicitation, sampling or roots: the request's MCP method), with its params. */
export interface ClientRequest {
  method: string;
  params: Record<string, unknown>;
}

/**
 * Thrown by `askClient` for a 2026-07-28 client: the request ends with an `input_required` result
 * asking these, and runs again from the start when the client sends the answers (SEP-2322).
 */
export class InputRequired extends Error {
  override readonly name = 'InputRequired';
  readonly inputRequests: Record<string, ClientRequest>;
  constructor(inputRequests: Record<string, ClientRequest>) {
    super(`input required: ${Object.keys(inputRequests).join(', ')}`);
    this.inputRequests = inputRequests;
  }
}

/** Whether the client declared what a request of `method` needs (unknown capabilities, a 2025-era request without a session, count as no). */
export function clientCan(context: ToolContext, method: string): boolean {
  return context.client?.declares(method) ?? false;
}

/**
 * Asks the client for what a tool, prompt or read needs, keyed by names of the handler's choosing,
 * and resolves with the answers under the same keys. The same handler serves every client:
 * - 2026-07-28: answers already sent (this round's `inputResponses`, earlier rounds' kept in the
 *   signed `requestState`) are returned; the rest end the request with an `input_required` result,
 *   and the handler runs again from the start with them. A handler must therefore ask the same
 *   keys in the same order each time, and do nothing it cannot repeat before it asks.
 * - 2025-era clients with a session and a streaming answer: the questions go on the answer's
 *   stream and the answers come back as the client's responses.
 * - Any other client cannot be asked: a ToolError says so (the caller reads why).
 */
export async function askClient<Key extends string>(context: ToolContext, requests: Record<Key, ClientRequest>): Promise<Record<Key, Record<string, unknown>>> {
  const channel = context.client;
  const given = channel?.inputResponses ?? {};
  const entries = Object.entries(requests) as [Key, ClientRequest][];
  const missing = entries.filter(([key]) => typeof given[key] !== 'object' || given[key] === null);
  const answers = Object.fromEntries(entries.filter(([key]) => !missing.some(([gap]) => gap === key)).map(([key]) => [key, given[key]])) as Record<Key, Record<string, unknown>>;
  if (missing.length === 0) return answers;
  if (channel?.inputResponses !== undefined) throw new InputRequired(Object.fromEntries(missing));
  const unreachable = missing.find(([, request]) => !channel?.canRequest(request.method));
  if (unreachable) {
    const [, request] = unreachable;
    throw new ToolError(
      `This needs to ask the client (${request.method}), and this client cannot be asked: connect with a client that declares the capability it needs and accepts an event stream (a 2025-era client with a session), or one that speaks MCP 2026-07-28.`,
    );
  }
  const asked = await Promise.all(missing.map(async ([key, request]) => [key, await channel!.request(request.method, request.params)] as const));
  for (const [key, answer] of asked) answers[key] = answer;
  return answers;
}
