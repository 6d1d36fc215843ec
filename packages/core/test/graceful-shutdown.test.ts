import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';

const fixture = fileURLToPath(new URL('./fixtures/slow-server.ts', import.meta.url));

interface Reply {
  status: number;
  body: string;
  at: number;
}

function post(url: string, body: unknown, agent: Agent): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}/slow/mcp`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, at: Date.now() }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** Resolves with the first log line (pino JSON on stdout) that has the given message. */
function logLine(child: ChildProcess, message: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) {
        if (!line.includes(`"msg":"${message}"`)) continue;
        child.stdout!.off('data', onData);
        resolve(JSON.parse(line) as Record<string, unknown>);
        return;
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before logging "${message}"`)));
  });
}

/** The slow service as its own process; resolves once it listens, with its URL and exit. */
async function startSlowService(env: Record<string, string>) {
  const process_ = spawn(process.execPath, [fixture], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => process_.once('exit', (code) => resolve(code)));
  const { url } = (await logLine(process_, 'listening')) as { url: string };
  return { child: process_, exited, url };
}

const call = (ms: number, id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait', arguments: { ms } } });
/** A call that answers when the test writes a line to the service's stdin. */
const held = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'hold', arguments: {} } });

describe('graceful shutdown of a real service process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  // Told apart by events, not by the clock: the call in flight answers only when the test releases
  // it, and SHUTDOWN_TIMEOUT_MS is ten minutes, so an exit at all is an exit once drained.
  it('on SIGTERM: stops accepting, finishes the call in flight, then exits 0', async () => {
    child = spawn(process.execPath, [fixture], {
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '600000' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const { url } = (await logLine(child, 'listening')) as { url: string };

    // An idle keep-alive connection must not hold the shutdown open.
    const idleAgent = new Agent({ keepAlive: true });
    expect((await post(url, call(0, 1), idleAgent)).status).toBe(200);

    const started = logLine(child, 'slow call started');
    let answered = false;
    const inFlight = post(url, held(2), new Agent({ keepAlive: true })).then((reply) => ((answered = true), reply));
    await started;
    const shuttingDown = logLine(child, 'shutting down: finishing in-flight requests');
    child.kill('SIGTERM');
    await shuttingDown;

    // New connections are refused while the slow call is still running. The log line is
    // written just before the listener closes, so a connection made in between can sit in
    // the kernel's backlog and be reset rather than refused: never served either way.
    const codes: string[] = [];
    while (codes.at(-1) !== 'ECONNREFUSED' && codes.length < 20) {
      const error = await post(url, call(0, 3), new Agent()).then(
        (reply) => ({ code: `served with ${reply.status}` }),
        (failure: NodeJS.ErrnoException) => failure,
      );
      codes.push(error.code ?? 'unknown');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(codes.at(-1)).toBe('ECONNREFUSED');
    expect(codes.every((code) => code === 'ECONNREFUSED' || code === 'ECONNRESET')).toBe(true);

    // Still running while the process drains and refuses: now let it finish.
    expect(answered).toBe(false);
    child.stdin!.write('release\n');
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ id: 2, result: { structuredContent: { released: true } } });

    // Exit 0 with the call answered, long before SHUTDOWN_TIMEOUT_MS (10 min): it exited because it drained.
    expect(await exited).toBe(0);
    idleAgent.destroy();
  });

  it('a second signal (SIGTERM, then SIGINT) stops the process at once, without waiting for the drain', async () => {
    const service = await startSlowService({ SHUTDOWN_TIMEOUT_MS: '15000' });
    const { exited, url } = service;
    child = service.child;
    const started = logLine(child, 'slow call started');
    const inFlight = post(url, call(10_000, 1), new Agent()).then(
      (reply) => `answered ${reply.status}`,
      (error: NodeJS.ErrnoException) => `failed ${error.code}`,
    );
    await started;
    const shuttingDown = logLine(child, 'shutting down: finishing in-flight requests');
    child.kill('SIGTERM');
    await shuttingDown;
    child.kill('SIGINT');
    // Exits while the 10 s call is still running: the call never gets its answer.
    expect(await exited).toBe(128 + 2);
    expect(await inFlight).toMatch(/^failed /);
  });

  // A delay of ten minutes, so the checks below fall inside it on any machine; a second signal ends it.
  it('/readyz says 503 from the moment draining starts, for DRAIN_DELAY_MS, while the listener still serves', async () => {
    const service = await startSlowService({ DRAIN_DELAY_MS: '600000' });
    const { exited, url } = service;
    child = service.child;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const shuttingDown = logLine(child, 'shutting down: finishing in-flight requests');
    child.kill('SIGTERM');
    await shuttingDown;
    const draining = await fetch(`${url}/readyz`, { headers: { connection: 'close' } });
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'not ready', failing: ['draining'] });
    // Calls are still served during the delay, on new connections too.
    expect((await post(url, call(0, 1), new Agent())).status).toBe(200);
    child.kill('SIGINT');
    expect(await exited).toBe(128 + 2);
  });

  it('once DRAIN_DELAY_MS is over, the listener closes and the process exits 0 by itself', async () => {
    const service = await startSlowService({ DRAIN_DELAY_MS: '1' });
    child = service.child;
    child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    await expect(fetch(`${service.url}/readyz`)).rejects.toThrow();
  });
});
