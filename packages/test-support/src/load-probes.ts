import { connect, type Socket } from 'node:net';

/** Fetches /healthz every `intervalMs` until `until` settles: the slowest answer in ms, and how many were sent. */
export async function probeHealthz(baseUrl: string, until: Promise<unknown>, intervalMs: number): Promise<{ worstMs: number; probes: number }> {
  let done = false;
  void until.finally(() => (done = true));
  let worstMs = 0;
  let probes = 0;
  while (!done) {
    const started = performance.now();
    await fetch(`${baseUrl}/healthz`).then((response) => response.arrayBuffer());
    worstMs = Math.max(worstMs, performance.now() - started);
    probes += 1;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return { worstMs, probes };
}

/**
 * A slow-body client: sends a POST's headers and the start of a 1,000-byte JSON body, then
 * nothing more. It reads what comes back (a paused socket never sees the server close it);
 * `onClose` gets the status line the server sent, or '' when it closed without an answer.
 */
export function openStalledBody(baseUrl: string, path: string, onClose: (statusLine: string) => void): Socket {
  const { hostname, port } = new URL(baseUrl);
  let statusLine = '';
  const socket = connect(Number(port), hostname, () => {
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`);
  });
  socket.on('data', (chunk: Buffer) => (statusLine ||= chunk.toString().split('\r\n', 1)[0]!));
  socket.on('error', () => undefined);
  socket.on('close', () => onClose(statusLine));
  return socket;
}
