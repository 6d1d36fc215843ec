import type { Server, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';

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
}

export async function serve(app: Express, options: ServeOptions): Promise<RunningServer> {
  const server = app.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Behind a proxy with keepalive, idle sockets must outlive the proxy's own idle timeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;

  // server.close() only closes connections that are idle at that moment: a keep-alive
  // connection whose request is still running would stay open after its answer until the
  // shutdown timeout. Answers sent while draining therefore say `Connection: close`.
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (draining) closeAfter(response);
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      inFlight.forEach(closeAfter);
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

/** For a service's main: SIGTERM and SIGINT drain the server, then the process exits. */
export function closeOnSignals(running: RunningServer, logger: Logger): void {
  const stop = (signal: NodeJS.Signals) => {
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
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
