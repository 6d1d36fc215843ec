import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { toolCall } from './support/load-pack.ts';

const fixture = fileURLToPath(new URL('./fixtures/busy-server.ts', import.meta.url));

function logLine(child: ChildProcess, message: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((candidate) => candidate.includes(`"msg":"${message}"`));
      if (!line) return;
      child.stdout!.off('data', onData);
      resolve(JSON.parse(line) as Record<string, unknown>);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before logging "${message}"`)));
  });
}

// Issue 11, item 1: one batch of CPU-heavy members must not hold the event loop, so /healthz
// (and every other client) is answered while the batch is still being served. The service runs
// as its own process, so this test's own event loop is never the one being blocked.
describe('the event loop while the largest batch is served', () => {
  let child: ChildProcess | undefined;
  afterEach(() => child?.kill('SIGKILL'));

  it('answers /healthz before a batch of 100 busy members is done, in a small share of its time', async () => {
    child = spawn(process.execPath, [fixture], { env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const { url } = (await logLine(child, 'listening')) as { url: string };

    // 100 members (MAX_BATCH_SIZE) of 20 ms each: about 2 s of CPU.
    const batch = Array.from({ length: 100 }, (_, id) => toolCall(id, 'spin', { ms: 20 }));
    const started = performance.now();
    const spinning = logLine(child, 'first spin started');
    const batchDone = fetch(`${url}/load/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as unknown[],
      at: performance.now(),
    }));
    await spinning;
    const asked = performance.now();
    const health = await fetch(`${url}/healthz`);
    const healthAt = performance.now();
    expect(health.status).toBe(200);

    const done = await batchDone;
    expect(done.status).toBe(200);
    expect(done.body).toHaveLength(100);
    // Served in between, not after: the probe came back first, and waited for a small share
    // of the batch (one turn of BATCH_CONCURRENCY members, not the whole batch).
    expect(healthAt).toBeLessThan(done.at);
    expect(healthAt - asked).toBeLessThan((done.at - started) / 4);
  });
});
