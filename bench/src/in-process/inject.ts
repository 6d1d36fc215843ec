import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import type { BenchRequest } from '../scenarios.ts';

/**
 * Stands in for a TCP socket: keeps the last answer's bytes and discards the rest, so a
 * request listener runs exactly as under node:http minus the kernel's share.
 */
class SocketStandIn extends Duplex {
  readonly remoteAddress = '127.0.0.1';
  last: Buffer[] = [];

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.last.push(chunk);
    callback();
  }

  setTimeout(): this {
    return this;
  }
}

export interface Injector {
  /** One call through the listener; resolves once the answer is finished and closed. */
  call(): Promise<void>;
  /** The raw bytes of the latest answer (status line, headers, body). */
  lastAnswer(): string;
}

/**
 * Feeds calls to a request listener without sockets: real IncomingMessage and ServerResponse
 * objects, the body pushed as node:http's parser pushes it, the answer finished and closed as
 * node:http does (finish, detach, then close on the next tick). What it measures is the
 * JavaScript a server runs per call, which on a busy machine is far steadier than req/s.
 */
export function injector(listener: RequestListener, { headers, body }: BenchRequest, path: string): Injector {
  const socket = new SocketStandIn();
  const payload = Buffer.from(body);
  const headerList = { host: '127.0.0.1', ...headers, 'content-length': String(payload.length) };
  return {
    call() {
      socket.last = [];
      return new Promise((resolve) => {
        const request = new IncomingMessage(socket as unknown as Socket);
        request.method = 'POST';
        request.url = path;
        request.httpVersionMajor = 1;
        request.httpVersionMinor = 1;
        request.httpVersion = '1.1';
        request.headers = { ...headerList };
        const response = new ServerResponse(request);
        response.shouldKeepAlive = true;
        response.assignSocket(socket as unknown as Socket);
        response.on('finish', () => {
          response.detachSocket(socket as unknown as Socket);
          process.nextTick(() => {
            response.emit('close');
            resolve();
          });
        });
        listener(request, response);
        request.push(payload);
        request.push(null);
        request.complete = true;
      });
    },
    lastAnswer: () => Buffer.concat(socket.last).toString('utf8'),
  };
}
