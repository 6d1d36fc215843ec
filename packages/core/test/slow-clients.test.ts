import { connect, type Socket } from 'node:net';
import { createLogger, serve, type RunningServer } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';

const logger = createLogger({ level: 'silent' });
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection (or `untilMs` passes: then null). */
function replyOf(socket: Socket, untilMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve(null), untilMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => undefined);
  });
}

const head = (length: number) => `POST /echo/mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients cannot hold connections', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('a body that stops arriving gets 408 with a JSON-RPC error after BODY_IDLE_TIMEOUT_MS, and the connection closes', async () => {
    running = await serve(createEchoApp({ limits: { bodyIdleTimeoutMs: 300 } }), { port: 0, host: '127.0.0.1', logger });
    const socket = await open(running.url);
    socket.write(head(BODY.length) + BODY.slice(0, 10));
    const reply = await replyOf(socket, 5_000);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toMatch(/connection: close/i);
    expect(JSON.parse(reply!.slice(reply!.indexOf('\r\n\r\n') + 4))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32008, message: 'Request Timeout: no part of the body arrived for 300 ms' },
    });
  });

  it('a body trickled byte by byte is cut off at REQUEST_TIMEOUT_MS, long before it would end', async () => {
    running = await serve(createEchoApp(), { port: 0, host: '127.0.0.1', logger, requestTimeoutMs: 500 });
    const socket = await open(running.url);
    socket.write(head(1_000));
    const reply = replyOf(socket, 10_000);
    // One byte every 50 ms: never idle for long, and 1,000 bytes would take 50 s.
    const trickle = setInterval(() => socket.writable && socket.write('x'), 50);
    try {
      expect(await reply).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('connections past MAX_CONNECTIONS are closed on arrival; a freed slot serves again', async () => {
    running = await serve(createEchoApp(), { port: 0, host: '127.0.0.1', logger, maxConnections: 3 });
    const held = await Promise.all([0, 1, 2].map(() => open(running!.url)));
    // Wait until the server has counted them (a request and its answer on each).
    for (const socket of held) {
      const answered = new Promise((resolve) => socket.once('data', resolve));
      socket.write(head(BODY.length) + BODY);
      await answered;
    }
    const extra = await open(running.url);
    const refused = replyOf(extra, 5_000);
    extra.write(head(BODY.length) + BODY);
    expect(await refused).toBe('');

    held[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await open(running.url);
    const served = new Promise<string>((resolve) => next.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    next.write(head(BODY.length) + BODY);
    expect(await served).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of [...held, next]) socket.destroy();
  });
});
