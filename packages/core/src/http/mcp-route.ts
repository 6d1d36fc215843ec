import { Router, type Response } from 'express';
import type { Logger } from 'pino';
import type { Dispatcher, DispatchContext, Dialect } from '../mcp/dispatcher.ts';
import type { IncomingMessage, JsonRpcRequest, JsonRpcResponse } from '../mcp/json-rpc.ts';
import { ErrorCode, META_CLIENT_CAPABILITIES } from '../mcp/protocol.ts';
import { classifyRequest } from './classify-request.ts';
import { HttpProblem } from './problem.ts';
import { readJsonBody } from './read-json-body.ts';
import { requestIdOf } from './request-id.ts';

export interface McpRouteOptions {
  dispatcher: Dispatcher;
  logger: Logger;
  maxBodyBytes: number;
}

type ResponseFormat = 'json' | 'sse';

/** 2026-07-28 gives these in-band errors an HTTP status of their own; every other stays 200. */
const MODERN_ERROR_STATUS: Record<number, number> = {
  [ErrorCode.MethodNotFound]: 404,
  [ErrorCode.MissingRequiredClientCapability]: 400,
};

/** classifyRequest has checked that a 2026-07-28 request's envelope declares its capabilities. */
function envelopeCapabilities(request: JsonRpcRequest): Record<string, unknown> {
  const meta = request.params?._meta as Record<string, unknown>;
  return meta[META_CLIENT_CAPABILITIES] as Record<string, unknown>;
}

/** JSON unless the client's Accept rules it out; no Accept at all (the spec's bare call) means JSON. */
function chooseFormat(accept: string | undefined): ResponseFormat {
  if (!accept) return 'json';
  const types = accept.split(',').map((part) => part.split(';', 1)[0]!.trim().toLowerCase());
  if (types.some((type) => type === 'application/json' || type === 'application/*' || type === '*/*')) return 'json';
  if (types.includes('text/event-stream')) return 'sse';
  throw new HttpProblem(406, ErrorCode.ConnectionClosed, 'Not Acceptable: Client must accept application/json or text/event-stream');
}

function send(response: Response, status: number, format: ResponseFormat, payload: JsonRpcResponse | JsonRpcResponse[]): void {
  if (format === 'json') {
    response.status(status).type('application/json').send(JSON.stringify(payload));
    return;
  }
  const events = (Array.isArray(payload) ? payload : [payload]).map((message) => `event: message\ndata: ${JSON.stringify(message)}\n\n`);
  response.status(status).set({ 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
  response.end(events.join(''));
}

function abortOnClose(response: Response): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Serves one pack's MCP endpoint: the bare call, 2025-era clients and 2026-07-28 clients alike. */
export function createMcpRoute({ dispatcher, logger, maxBodyBytes }: McpRouteOptions): Router {
  const router = Router();

  async function answer(messages: IncomingMessage[], dialect: Dialect, response: Response) {
    const requests = messages.flatMap((message) => (message.kind === 'request' ? [message.message] : []));
    if (requests.length === 0) return { status: 202, replies: [] as JsonRpcResponse[] };
    const requestId = requestIdOf(response);
    const context: DispatchContext = {
      dialect,
      requestId,
      signal: abortOnClose(response),
      logger: logger.child({ requestId }),
      ...(dialect === 'modern' ? { clientCapabilities: envelopeCapabilities(requests[0]!) } : {}),
    };
    const replies = await Promise.all(requests.map((rpc) => dispatcher.handle(rpc, context)));
    return { status: 200, replies };
  }

  router.post('/', async (request, response) => {
    const body = await readJsonBody(request, maxBodyBytes).catch((error: unknown) => {
      // A body that cannot be read is served as 2025-era (the SDK's order): Accept is judged first.
      chooseFormat(request.headers.accept);
      throw error;
    });
    const classified = classifyRequest(body, request.headers);
    // 2026-07-28 answers one JSON body whatever Accept says (as the SDK does); only the
    // 2025-era transport negotiates JSON or SSE.
    const format = classified.dialect === 'modern' ? 'json' : chooseFormat(request.headers.accept);
    const messages = classified.dialect === 'modern' ? [classified.message] : classified.messages;
    const { status, replies } = await answer(messages, classified.dialect, response);
    if (status === 202) {
      response.status(202).end();
      return;
    }
    const batch = classified.dialect === 'legacy' && classified.batch;
    const only = replies[0]!;
    const httpStatus = classified.dialect === 'modern' && 'error' in only ? (MODERN_ERROR_STATUS[only.error.code] ?? 200) : 200;
    send(response, httpStatus, format, batch ? replies : only);
  });

  // Stateless: there is no session to GET a stream from or to DELETE.
  router.all('/', () => {
    throw new HttpProblem(405, ErrorCode.ConnectionClosed, 'Method not allowed.', { headers: { allow: 'POST' } });
  });

  return router;
}
