import type { FuzzCase } from './fuzz-case.ts';

export interface Reply {
  status: number;
  contentType: string;
  body: string;
}

function isInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value);
}

/** What is wrong with one JSON-RPC response object, if anything. */
function checkMessage(message: unknown, mustFail: boolean): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return 'not a JSON object';
  const { jsonrpc, id, result, error } = message as Record<string, unknown>;
  if (jsonrpc !== '2.0') return 'jsonrpc is not "2.0"';
  if (!(id === null || typeof id === 'string' || isInteger(id) || typeof id === 'number')) return `bad id ${JSON.stringify(id)}`;
  if ((result === undefined) === (error === undefined)) return 'needs exactly one of result and error';
  if (error !== undefined) {
    const { code, message: text } = (error ?? {}) as Record<string, unknown>;
    if (!isInteger(code) || typeof text !== 'string' || text.length === 0) return 'malformed error object';
    if (/\n\s+at |node_modules|\.ts:\d+/.test(text)) return 'error message leaks a stack trace';
    return undefined;
  }
  if (typeof result !== 'object' || result === null) return 'result is not an object';
  const { content, isError, structuredContent } = result as Record<string, unknown>;
  if (content !== undefined) {
    if (!Array.isArray(content) || content.some((item) => typeof item?.text !== 'string')) return 'content is not a list of text items';
    if (isError === true) return undefined;
    if (typeof structuredContent !== 'object' || structuredContent === null) return 'a successful tool result without structuredContent';
  }
  if (mustFail && isError !== true) return 'a protocol-level problem was answered as a success';
  return undefined;
}

function parseBody(reply: Reply): unknown {
  if (reply.contentType.startsWith('text/event-stream')) {
    const data = reply.body.split('\n').filter((line) => line.startsWith('data: '));
    if (data.length === 0) throw new Error('SSE stream without a data line');
    // A batch streams one event per answer.
    const messages = data.map((line) => JSON.parse(line.slice(6)) as unknown);
    return messages.length === 1 ? messages[0] : messages;
  }
  if (!reply.contentType.startsWith('application/json')) throw new Error(`content type ${reply.contentType || '(none)'}`);
  return JSON.parse(reply.body);
}

/** Every reply must be below 500 and a well-formed JSON-RPC error or result; 202 only with an empty body. */
export function checkReply(fuzzCase: FuzzCase, reply: Reply): string | undefined {
  if (reply.status >= 500) return `HTTP ${reply.status}`;
  if (reply.status === 202) return reply.body === '' ? undefined : '202 with a body';
  let parsed: unknown;
  try {
    parsed = parseBody(reply);
  } catch (error) {
    return `unreadable body (${(error as Error).message}): ${reply.body.slice(0, 80)}`;
  }
  const mustFail = fuzzCase.mustFail === true;
  if (reply.status >= 400 || mustFail) {
    if (Array.isArray(parsed)) return mustFail ? 'a batch answer to a request that should fail' : undefined;
    return checkMessage(parsed, true) ?? ((parsed as { error?: unknown }).error ? undefined : `HTTP ${reply.status} without an error body`);
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  if (messages.length === 0) return 'an empty batch answer';
  for (const message of messages) {
    const problem = checkMessage(message, false);
    if (problem) return problem;
  }
  return fuzzCase.batchIds ? checkBatchIds(fuzzCase.batchIds, messages) : undefined;
}

/** One answer per request member of a batch: no member dropped, none answered twice. */
function checkBatchIds(expected: (string | number)[], messages: unknown[]): string | undefined {
  const key = (id: unknown) => JSON.stringify(id);
  const want = expected.map(key).sort();
  const got = messages.map((message) => key((message as { id?: unknown }).id)).sort();
  return want.join() === got.join() ? undefined : `batch answer ids ${got.slice(0, 10).join(',')}… do not match the request ids (${got.length} answers for ${want.length} requests)`;
}
