import type { RequestListener, ServerResponse } from 'node:http';
import { createMetrics, requestIdMaker, type GatewayMetrics } from '@toolgate/core/server';
import { quoteInput, quoteOutput, randomQuote, toolResult } from './quote-tool.ts';

const MAX_BODY_BYTES = 1_048_576;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

interface ToolsCall {
  jsonrpc: '2.0';
  id: string | number;
  method: 'tools/call';
  params: { name: string; arguments?: unknown };
}

function isToolsCall(message: unknown): message is ToolsCall {
  const candidate = message as Partial<ToolsCall> | null;
  return (
    typeof candidate === 'object' && candidate !== null && candidate.jsonrpc === '2.0' && candidate.method === 'tools/call' &&
    (typeof candidate.id === 'string' || typeof candidate.id === 'number') && typeof candidate.params?.name === 'string'
  );
}

function answer(response: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('content-length', Buffer.byteLength(body));
  response.end(body);
}

const failure = (status: number, code: number, message: string) => ({ status, payload: { jsonrpc: '2.0', id: null, error: { code, message } } });

/** Tool handlers may be async (most call an upstream): the call is awaited as any MCP server must. */
async function callQuoteTool(rawArguments: unknown): Promise<object> {
  const input = quoteInput.safeParse(rawArguments ?? {});
  if (!input.success) return { content: [{ type: 'text', text: input.error.message }], isError: true };
  const output = quoteOutput.safeParse(await randomQuote(input.data));
  if (!output.success) return { content: [{ type: 'text', text: 'result did not match the output schema' }], isError: true };
  return toolResult(output.data);
}

async function respond(body: Buffer | undefined, metrics: GatewayMetrics): Promise<{ status: number; payload: unknown }> {
  if (!body) return failure(413, -32600, 'Payload Too Large');
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return failure(400, -32700, 'Parse error');
  }
  if (!isToolsCall(message) || message.params.name !== 'random_quote') return failure(400, -32600, 'Invalid Request');
  const toolStarted = performance.now();
  const result = await callQuoteTool(message.params.arguments);
  metrics.observeToolCall({ pack: 'bench', tool: 'random_quote', outcome: 'isError' in result ? 'tool_error' : 'ok', seconds: (performance.now() - toolStarted) / 1000 });
  return { status: 200, payload: { jsonrpc: '2.0', id: message.id, result } };
}

/**
 * The feature floor: bare node:http doing only the work the issue says every gateway call keeps,
 * and nothing else. It takes or makes a request id and echoes it, counts the request and the tool
 * call in the gateway's own metrics, reads a bounded body, checks the JSON-RPC envelope, and
 * validates the tool's arguments and result with its zod schemas. It has no dialects, SSE,
 * batches, guards, CORS, per-client slots, slow-body cut-off or logs. A gateway that keeps those
 * features does at least this much per call, so this row is about the best "gateway / node:http" can be.
 */
export function createFeatureFloorHandler(metrics: GatewayMetrics = createMetrics()): RequestListener {
  // The cheapest sound id known: the gateway's own (a random prefix per process and a counter).
  const makeId = requestIdMaker();
  return (request, response) => {
    const started = performance.now();
    const incoming = request.headers['x-request-id'];
    response.setHeader('x-request-id', typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : makeId());
    response.on('finish', () => metrics.observeRequest('bench', response.statusCode, (performance.now() - started) / 1000));
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      const body = size > MAX_BODY_BYTES ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      void respond(body, metrics).then(({ status, payload }) => answer(response, status, payload));
    });
  };
}
