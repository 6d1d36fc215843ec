import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { constants } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from './server/create-app.ts';
import type { Logger } from 'pino';

/**
 * node:http's own note of the response a socket is answering: set when the response takes the
 * socket, cleared when it has finished. Not in the typings; the graceful-shutdown test fails
 * (the drain waits out its timeout) if it ever stops meaning this.
 */
type SocketWithResponse = Socket & { _httpMessage?: ServerResponse | null };

export interface RunningServer {
  server: Server;
  url: string;
  /** Stops accepting, lets in-flight requests finish (up to the timeout), then closes. */
  close(): Promise<void>;
}

export interface ServeOptions {
  port: number;
  host: string;
  logger: Logger;
  shutdownTimeoutMs?: number;
  /** Called after the HTTP server has drained: close upstream clients, Redis, … */
  onClose?: () => Promise<void>;
  /** REQUEST_TIMEOUT_MS: the whole request (headers and body) must arrive within it. Default 30 s. */
  requestTimeoutMs?: number;
  /** MAX_CONNECTIONS: connections past it are closed as they arrive. Default 10,000. */
  maxConnections?: number;
  /** DRAIN_DELAY_MS: how long /readyz says 503 before the listener closes. Default 0. */
  drainDelayMs?: number;
  /** Called the moment draining starts (before the delay): readiness turns 503. */
  onDrain?: () => void;
}

export async function serve(app: App, options: ServeOptions): Promise<RunningServer> {
  // Node's defaults let a slow client hold a connection for 300 s (requestTimeout) and checked
  // it only every 30 s; a trickled body is also cut by BODY_IDLE_TIMEOUT_MS (read-json-body.ts).
  const requestTimeout = options.requestTimeoutMs ?? 30_000;

  // server.close() only closes connections that are idle at that moment: a keep-alive
  // connection whose request is still running would stay open after its answer until the
  // shutdown timeout. Answers sent while draining therefore say `Connection: close`. Tracked
  // per connection (each socket knows the response it is answering) rather than with a set
  // entry and a close listener per request: that bookkeeping was a visible share of a cheap
  // call. One request listener, not a second one beside the app's: emit copies the list then.
  let draining = false;
  const connections = new Set<SocketWithResponse>();
  const closeAfter = (response: ServerResponse | null | undefined) => {
    if (response && !response.headersSent) response.setHeader('connection', 'close');
  };
  // At the drain: an answer whose headers are out (an event stream that closeStreams has just
  // ended, still flushing) can no longer say `Connection: close`, and once it is written its
  // keep-alive connection would idle until the shutdown timeout: close it then.
  const closeWhenAnswered = (socket: SocketWithResponse) => {
    const response = socket._httpMessage;
    if (response?.headersSent) response.once('finish', () => socket.end());
    else closeAfter(response);
  };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (draining) closeAfter(response);
    app(request, response);
  };
  const server = createServer(
    {
      requestTimeout,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(66_000, requestTimeout),
      // Behind a proxy with keepalive, idle sockets must outlive the proxy's own idle timeout.
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
    handle,
  );
  server.maxConnections = options.maxConnections ?? 10_000;
  server.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;

  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      options.onDrain?.();
      // A session's GET stream never ends by itself: end them, or the drain waits out its timeout.
      app.closeStreams?.();
      // Load balancers see /readyz fail and stop sending before the listener goes away.
      if (options.drainDelayMs) await sleep(options.drainDelayMs);
      for (const socket of connections) closeWhenAnswered(socket);
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timeout = options.shutdownTimeoutMs ?? 10_000;
      const timer = setTimeout(() => server.closeAllConnections(), timeout);
      await drained;
      clearTimeout(timer);
      await options.onClose?.();
    })();
    return closing;
  };
  return { server, url, close };
}

/**
 * For a service's main: SIGTERM or SIGINT drains the server, then the process exits; any
 * second signal (SIGTERM then SIGINT too) stops it at once.
 */
export function closeOnSignals(running: RunningServer, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: stopping now, without waiting for in-flight requests');
      process.exit(128 + (constants.signals[signal] ?? 0));
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    running.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
