import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  url: string;
  /** Requests seen, in order: method and path. */
  requests: { method: string; path: string; body: string }[];
  close(): Promise<void>;
}

/** A plain HTTP server on 127.0.0.1 and a random port, standing in for an upstream. */
export async function startLocalServer(
  handle: (request: IncomingMessage, body: string, response: ServerResponse) => void | Promise<void>,
): Promise<LocalServer> {
  const requests: LocalServer['requests'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', path: request.url ?? '', body });
      void handle(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A counting proxy in front of a JSON-RPC node: how many HTTP requests reached it. */
export async function startCountingProxy(target: string): Promise<LocalServer> {
  return startLocalServer(async (request, body, response) => {
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
  });
}
