import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake upstream can be told to do instead of answering normally. */
export type Fault =
  | { kind: 'timeout' }
  | { kind: 'status'; status: number; retryAfter?: string; body?: unknown }
  | { kind: 'malformed' }
  | { kind: 'body'; body: unknown }
  | { kind: 'reset' };

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request body as text ('' for GET and HEAD). */
  body: string;
}

export interface FakeResponse {
  status?: number;
  /** Sent as JSON; a `RawBody` is sent as it is (upstreams that answer some cases with non-JSON). */
  body: unknown;
  headers?: Record<string, string>;
}

/** A body sent byte for byte, not as JSON. */
export class RawBody {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const encode = (body: unknown) => (body instanceof RawBody ? body.text : JSON.stringify(body));

export interface FakeUpstream {
  url: string;
  requests: FakeRequest[];
  /** The next `times` requests (all, by default) get this fault. */
  inject(fault: Fault, times?: number): void;
  /** Back to answering normally. */
  heal(): void;
  close(): Promise<void>;
}

/**
 * A stand-in for a real upstream on 127.0.0.1: answers with `route` in the upstream's
 * documented format, counts requests, and injects faults on demand.
 */
export async function startFakeUpstream(route: (request: FakeRequest) => FakeResponse, options: { delayMs?: number } = {}): Promise<FakeUpstream> {
  const requests: FakeRequest[] = [];
  let fault: Fault | undefined;
  let remaining = 0;
  const held = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parsed = new URL(req.url ?? '/', 'http://fake');
    const request = { method: req.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    requests.push(request);
    const active = remaining > 0 ? fault : undefined;
    if (active) remaining -= 1;
    const answer = () => {
      if (active?.kind === 'timeout') {
        held.add(res);
        return;
      }
      if (active?.kind === 'reset') {
        req.socket.destroy();
        return;
      }
      if (active?.kind === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"events": [ {"id": 1,');
        return;
      }
      if (active?.kind === 'status') {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (active.retryAfter !== undefined) headers['retry-after'] = active.retryAfter;
        res.writeHead(active.status, headers).end(active.body === undefined ? '' : encode(active.body));
        return;
      }
      const response = active?.kind === 'body' ? { body: active.body } : route(request);
      res.writeHead(response.status ?? 200, { 'content-type': 'application/json', ...response.headers }).end(encode(response.body));
    };
    if (options.delayMs) setTimeout(answer, options.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inject(next, times = Number.POSITIVE_INFINITY) {
      fault = next;
      remaining = times;
    },
    heal() {
      fault = undefined;
      remaining = 0;
    },
    async close() {
      for (const res of held) res.destroy();
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
