import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the hostile server got: its JSON-RPC message. */
export interface RpcRequest {
  id?: string | number;
  method: string;
  params?: Record<string, any>;
}

export interface HostileBehaviour {
  /** The answer to tools/list: its result, as an object or as the bytes of its JSON (built once, sent many times). */
  list?(request: RpcRequest, count: number): Record<string, unknown> | Buffer;
  /** Answers a tools/call itself (status, headers, body, as hostile as it likes). */
  call?(request: RpcRequest, response: ServerResponse): void;
  /** The session's GET stream, opened after initialize; absent: 405, as a server without one. */
  stream?(response: ServerResponse): void;
}

export interface HostileHttpServer {
  url: string;
  /** Requests by method, and list answers the gateway stopped reading before their end. */
  counts: { initialize: number; list: number; call: number; get: number; listsCut: number };
  /** The ids of the answers the client POSTed to this server's own requests (a ping on the stream). */
  answered: (string | number)[];
  /** The open GET streams: a test writes notifications to them. */
  streams: ServerResponse[];
  close(): Promise<void>;
}

/**
 * A bare Streamable HTTP MCP server, by hand (no SDK), in the test's process: a test gives it the
 * behaviour a real server would never have and counts what the gateway asked of it.
 */
export async function startHostileHttpServer(behaviour: HostileBehaviour): Promise<HostileHttpServer> {
  const counts = { initialize: 0, list: 0, call: 0, get: 0, listsCut: 0 };
  const streams: ServerResponse[] = [];
  const answered: (string | number)[] = [];
  const session = randomUUID();
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': session }).end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
  };
  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET') {
      counts.get += 1;
      if (!behaviour.stream) return void response.writeHead(405).end();
      streams.push(response);
      response.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': session });
      response.flushHeaders();
      return behaviour.stream(response);
    }
    if (request.method === 'DELETE') return void response.writeHead(200).end();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest;
    if (message.id !== undefined && message.method === undefined) answered.push(message.id);
    if (message.id === undefined || message.method === undefined) return void response.writeHead(202).end();
    switch (message.method) {
      case 'initialize': {
        counts.initialize += 1;
        const result = { protocolVersion: message.params?.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'hostile-http', version: '1.0.0' } };
        return json(response, { jsonrpc: '2.0', id: message.id, result });
      }
      case 'tools/list': {
        counts.list += 1;
        const answer = behaviour.list?.(message, counts.list) ?? { tools: [] };
        response.on('close', () => {
          if (!response.writableFinished) counts.listsCut += 1;
        });
        if (!Buffer.isBuffer(answer)) return json(response, { jsonrpc: '2.0', id: message.id, result: answer });
        return json(response, Buffer.concat([Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":`), answer, Buffer.from('}')]));
      }
      case 'tools/call':
        counts.call += 1;
        if (behaviour.call) return behaviour.call(message, response);
        return json(response, { jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: 'ok' }] } });
      default:
        return json(response, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    counts,
    answered,
    streams,
    close: () =>
      new Promise((resolve) => {
        for (const stream of streams) stream.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A plain tool, valid by every bound. */
export const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `The ${name} tool.`, inputSchema: { type: 'object' }, ...extra });

/** An object schema nested `depth` levels, as a hostile server lists one. */
export function nestedSchema(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < depth; level += 1) schema = { type: 'object', properties: { a: schema } };
  return schema;
}
