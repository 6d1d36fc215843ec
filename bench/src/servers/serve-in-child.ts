import type { Server } from 'node:http';

/**
 * Run inside a benchmark child process: listens on a random loopback port, then tells the
 * parent which one over IPC. The parent stops the child with SIGTERM, and may ask for the
 * process's CPU time: CPU per request is far less disturbed by a busy machine than req/s.
 */
export function serveInChild(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => announceToParent(server));
}

/** For a server that is already listening (the gateway listens by itself): tell the parent, obey it. */
export function announceToParent(server: Server): void {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no address');
  announcePort(address.port, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

/** Tells the parent the port, answers its CPU-time questions, and runs `stop` on SIGTERM or when the parent goes away. */
export function announcePort(port: number, stop: () => void): void {
  if (process.send) process.send({ port });
  else process.stdout.write(`http://127.0.0.1:${port}\n`);
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'cpu-usage') process.send?.({ type: 'cpu-usage', usage: process.cpuUsage() });
  });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The parent went away (crashed or killed): never outlive it.
  process.once('disconnect', stop);
}
