import type { App } from '../../src/index.ts';
import request from 'supertest';
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import type { Case } from './case.ts';

/** One HTTP answer, reduced to what the two servers are compared on. */
export interface Observation {
  status: number;
  /** `none` for an empty body (202, 405 without body, …). */
  format: 'json' | 'sse' | 'none';
  /** The JSON-RPC messages carried, in order: the SSE events decoded, or the JSON body (a batch answer flattened). */
  messages: unknown[];
  /** Whether a JSON body was a JSON array (a batch answer). */
  jsonArray: boolean;
}

function bodyText(body: Case['body']): string | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'object' && body !== null && 'raw' in body) return (body as { raw: string }).raw;
  return JSON.stringify(body);
}

function decodeSse(text: string): unknown[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((event) => event.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n'))
    .filter((data) => data.length > 0)
    .map((data) => JSON.parse(data));
}

export function observe(status: number, contentType: string | undefined | null, text: string): Observation {
  if (text.length === 0) return { status, format: 'none', messages: [], jsonArray: false };
  if (contentType?.startsWith('text/event-stream')) return { status, format: 'sse', messages: decodeSse(text), jsonArray: false };
  if (!contentType?.startsWith('application/json')) throw new Error(`unexpected content type ${contentType} with body ${text}`);
  const body: unknown = JSON.parse(text);
  return { status, format: 'json', messages: Array.isArray(body) ? body : [body], jsonArray: Array.isArray(body) };
}

export async function sendToReference(handler: McpHttpHandler, testCase: Case): Promise<Observation> {
  const method = testCase.method ?? 'POST';
  const response = await handler.fetch(
    new Request('http://127.0.0.1/mcp', { method, headers: testCase.headers, ...(method === 'POST' ? { body: bodyText(testCase.body) ?? '' } : {}) }),
  );
  return observe(response.status, response.headers.get('content-type'), await response.text());
}

export async function sendToToolgate(app: App, path: string, testCase: Case): Promise<Observation> {
  const method = testCase.method ?? 'POST';
  const agent = request(app);
  let pending = method === 'GET' ? agent.get(path) : method === 'DELETE' ? agent.delete(path) : agent.post(path);
  pending = pending.set(testCase.headers).buffer(true);
  // Raw text whatever the content type, so both servers' bodies are decoded by the same code.
  pending = pending.parse((response, callback) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (text += chunk));
    response.on('end', () => callback(null, text));
  });
  const body = bodyText(testCase.body);
  const response = await (method === 'POST' && body !== undefined ? pending.send(body) : pending);
  return observe(response.status, response.headers['content-type'], response.body as string);
}
