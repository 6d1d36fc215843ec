import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedisServer } from '@toolgate/test-support';

// The all-in-one gateway as `pnpm start` runs it, with WORKERS=2: one port, two processes.
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Gateway {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** Every stdout line so far (pino JSON from the primary and both workers). */
  lines: string[];
}

function start(env: Record<string, string>): Promise<Gateway> {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const complete = buffer.split('\n');
      buffer = complete.pop()!;
      for (const line of complete) {
        lines.push(line);
        if (line.includes('"msg":"cluster listening"')) resolve({ child, url: (JSON.parse(line) as { url: string }).url, exited, lines });
      }
    });
    void exited.then((code) => reject(Object.assign(new Error(`gateway exited (${code}) before listening: ${stderr}`), { code, stderr })));
  });
}

/** A fresh connection per request (`Connection: close`), so node:cluster hands each one to the next worker. */
async function fresh(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { connection: 'close', ...(init.headers as Record<string, string>) }, keepalive: false });
}

const randomQuote = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'random_quote', arguments: {} } });
const callQuotes = (url: string) => fresh(`${url}/quotes/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: randomQuote });

function sample(metrics: string, series: string): number {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

// Each test starts a primary and two full gateways: slow on a busy two-core machine. Nothing below
// waits on the clock for an outcome: each wait is for an event, and this is only the hang guard.
const SLOW = 120_000;

/** The primary's children: its workers' process ids. */
function workerPids(gateway: Gateway): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(gateway.child.pid)], { encoding: 'utf8' }).split('\n').map(Number).filter(Boolean);
  } catch {
    return []; // ps exits 1 when the primary has no children left
  }
}

/**
 * Probes /healthz on fresh connections until a worker that `wanted` accepts answers; returns its
 * id. A replacement takes seconds to start on a busy machine, and the kernel hands each connection
 * to whichever worker accepts first: probe until it serves, not a fixed number of times.
 */
async function waitForWorker(url: string, wanted: (id: number) => boolean): Promise<number> {
  for (;;) {
    const answer = await fresh(`${url}/healthz`).catch(() => undefined);
    const id = answer?.ok ? ((await answer.json()) as { worker: number }).worker : undefined;
    if (id !== undefined && wanted(id)) return id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves with the first stdout line (so far or to come) that holds every one of `texts`. */
async function lineWith(gateway: Gateway, ...texts: string[]): Promise<string> {
  for (;;) {
    const line = gateway.lines.find((candidate) => texts.every((text) => candidate.includes(text)));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('WORKERS=2: the all-in-one gateway serves one port from two processes', () => {
  let gateway: Gateway | undefined;
  afterEach(async () => {
    if (gateway && gateway.child.exitCode === null && gateway.child.signalCode === null) {
      gateway.child.kill('SIGKILL');
      await gateway.exited;
    }
    gateway = undefined;
  });

  it('both workers answer, /metrics sums every worker whichever one it lands on, SIGHUP harms none, and SIGTERM drains them and exits 0', async () => {
    gateway = await start({ WORKERS: '2' });
    const { url } = gateway;

    const workers = new Set<number>();
    // Each worker accepts from the shared socket (SCHED_NONE): which one gets a connection is the kernel's choice.
    for (let attempt = 0; attempt < 200 && workers.size < 2; attempt++) {
      const health = (await (await fresh(`${url}/healthz`)).json()) as { status: string; worker: number };
      expect(health.status).toBe('ok');
      workers.add(health.worker);
    }
    expect([...workers].sort()).toEqual([1, 2]);

    const answers = await Promise.all(Array.from({ length: 6 }, () => callQuotes(url)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
    }

    // Two scrapes on fresh connections land on different workers; each sees all six calls.
    for (let scrape = 0; scrape < 2; scrape++) {
      const metrics = await (await fresh(`${url}/metrics`)).text();
      expect(sample(metrics, 'toolgate_http_requests_total{pack="quotes",status="200"}')).toBe(6);
      expect(sample(metrics, 'toolgate_tool_calls_total{pack="quotes",tool="random_quote",outcome="ok"}')).toBe(6);
      expect(sample(metrics, 'toolgate_cluster_workers')).toBe(2);
    }

    // SIGHUP is a reload (a servers file's lock), passed on to each worker: none of them dies of it.
    const pids = workerPids(gateway).sort();
    gateway.child.kill('SIGHUP');
    await lineWith(gateway, '"msg":"SIGHUP: passed on to every worker"');
    expect((await fresh(`${url}/healthz`)).status).toBe(200);
    expect(workerPids(gateway).sort()).toEqual(pids);

    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    // Both workers drained (each logs "stopped"), then the primary stopped; the port is closed.
    expect(gateway.lines.filter((line) => line.includes('"msg":"stopped"'))).toHaveLength(2);
    expect(gateway.lines.some((line) => line.includes('"msg":"cluster stopped"'))).toBe(true);
    await expect(fresh(`${url}/healthz`)).rejects.toThrow();
  }, SLOW);

  it('without Redis, the rate limit is one budget across the workers (counted in the primary)', async () => {
    gateway = await start({ WORKERS: '2', RATE_LIMIT_PER_MINUTE: '4' });
    const statuses: number[] = [];
    // One after another, each on a new connection, taken by whichever worker accepts it.
    for (let call = 0; call < 8; call++) statuses.push((await callQuotes(gateway.url)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
  }, SLOW);

  it('with REDIS_URL, the workers share the budget through Redis', async () => {
    const redis = await startRedisServer();
    try {
      gateway = await start({ WORKERS: '2', RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redis.url });
      expect(gateway.lines.filter((line) => line.includes('"rateLimitStore":"redis"'))).toHaveLength(2);
      const statuses: number[] = [];
      for (let call = 0; call < 6; call++) statuses.push((await callQuotes(gateway.url)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      gateway?.child.kill('SIGTERM');
      await gateway?.exited;
      await redis.stop();
    }
  }, SLOW);

  it('a worker that dies after its start is replaced, and the replacement serves', async () => {
    gateway = await start({ WORKERS: '2' });
    const pids = workerPids(gateway);
    expect(pids).toHaveLength(2);
    // Past 5 s of uptime, so the replacement starts at once (an early death waits: see below).
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    process.kill(pids[0]!, 'SIGKILL');

    expect(await waitForWorker(gateway.url, (id) => id === 3)).toBe(3);
    const metrics = await (await fresh(`${gateway.url}/metrics`)).text();
    expect(sample(metrics, 'toolgate_cluster_worker_restarts_total')).toBe(1);
    expect(sample(metrics, 'toolgate_cluster_workers')).toBe(2);
    expect(gateway.child.exitCode).toBeNull();
  }, SLOW);

  // Issue 28, item 1: before, the gateway exited (code 1, "a worker failed to start") and took the healthy worker with it.
  // The replacement dies early because it cannot start (its servers file broke meanwhile), not
  // because a test killed it within some seconds: the same on any machine.
  it('a replacement that dies early does not stop the group: the healthy worker serves, and the next replacement comes after a backoff', async () => {
    const serversFile = join(mkdtempSync(join(tmpdir(), 'toolgate-workers-')), 'mcp.json');
    writeFileSync(serversFile, '{"mcpServers": {}}');
    gateway = await start({ WORKERS: '2', MCP_SERVERS_FILE: serversFile });
    const [victim] = workerPids(gateway) as [number, number];
    writeFileSync(serversFile, '{ not json');
    process.kill(victim, 'SIGKILL');
    // Worker 3 reads the broken file and exits before it listens: an early death, so a backoff.
    const early = await lineWith(gateway, '"msg":"worker died; starting a replacement"', '"worker":3,');
    expect(early).toMatch(/"restartInMs":[1-9]/);
    writeFileSync(serversFile, '{"mcpServers": {}}');

    // The primary stays, and every call is answered meanwhile by whichever worker lives.
    for (let call = 0; call < 10; call++) expect((await callQuotes(gateway.url)).status).toBe(200);
    expect(gateway.child.exitCode).toBeNull();
    // A later replacement reads the mended file, comes up and serves.
    expect(await waitForWorker(gateway.url, (id) => id > 3)).toBeGreaterThan(3);
    expect(gateway.child.exitCode).toBeNull();
  }, SLOW);

  // Issue 28, item 1: with the primary's round-robin, a connection that arrived before it noticed
  // the death was handed to the dead worker and reset.
  it('calls that start after a worker is killed are all answered by the live one', async () => {
    gateway = await start({ WORKERS: '2' });
    const [victim] = workerPids(gateway) as [number];
    process.kill(victim, 'SIGKILL');
    const answers = await Promise.allSettled(Array.from({ length: 40 }, () => callQuotes(gateway!.url)));
    const failed = answers.filter((answer) => answer.status === 'rejected' || answer.value.status !== 200);
    expect(failed).toEqual([]);
  }, SLOW);

  it('a worker that cannot start stops the group with exit code 1 and the reason', async () => {
    await expect(start({ WORKERS: '2', MAX_BODY_BYTES: 'lots' })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('MAX_BODY_BYTES') });
  }, SLOW);

  it('SIGTERM while the workers are still starting stops the group cleanly', async () => {
    const child = spawn(process.execPath, [main], { env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '2' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The first line comes from the first worker building its packs: the primary is up, the
    // workers are not serving yet (the second is not even forked).
    await new Promise((resolve) => child.stdout!.once('data', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, SLOW);

  it('a bad WORKERS value stops the start with the variable named', async () => {
    await expect(start({ WORKERS: 'many' })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('WORKERS') });
  }, SLOW);
});
