import { echoTarget, postRpc, runLoad, startNginx, startService, toolCall, type RunningNginx, type RunningService } from '../src/index.ts';

// Two replicas of one pack behind the repository's nginx config; one is SIGKILLed in the
// middle of a few hundred calls. nginx must hide the death: no client request may fail.
describe('a replica killed under load', () => {
  let replicas: RunningService[] = [];
  let nginx: RunningNginx;

  beforeAll(async () => {
    replicas = await Promise.all(['a', 'b'].map((name) => startService(echoTarget.service(name))));
    nginx = await startNginx({ upstreams: { echo: replicas.map((replica) => replica.address) } });
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')));
  });

  it('costs zero failed client requests: in-flight and later calls are retried on the survivor', async () => {
    const [victim, survivor] = replicas as [RunningService, RunningService];
    let killing: Promise<void> | undefined;
    let kill!: () => void;
    const killed = new Promise<void>((resolve) => (kill = resolve));
    const endpoint = `${nginx.url}/echo/mcp`;

    const { outcomes } = await runLoad<string>({
      total: 400,
      concurrency: 12,
      async request(index) {
        // The calls past those in flight when the kill starts wait for it to be done, so the calls
        // after the death are counted by index, not by how fast a loaded machine kills a process.
        if (index >= 120 + 12) await killed;
        // A few milliseconds of work per call keeps several calls in flight on the victim when it dies.
        const reply = await postRpc(endpoint, toolCall(index, 'echo', { text: `call ${index}`, delayMs: 4 }));
        const result = reply.json?.result;
        const ok = reply.status === 200 && reply.json?.id === index && !result?.isError && result?.structuredContent?.text === `call ${index}`;
        return ok ? { ok, value: result.structuredContent.replica } : { ok, error: `${reply.status} ${reply.text.slice(0, 200)}` };
      },
      onProgress(completed) {
        if (completed === 120 && !killing) {
          killing = victim.stop('SIGKILL').then(kill);
        }
      },
    });
    await killing;

    expect(outcomes).toHaveLength(400);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    // Both replicas served before the kill; only the survivor after it.
    const servedBy = (name: string) => outcomes.filter((outcome) => outcome.value === name).length;
    expect(servedBy('a')).toBeGreaterThan(0);
    expect(servedBy('b')).toBeGreaterThan(100);
    const afterKill = outcomes.filter((outcome) => outcome.index >= 120 + 12);
    expect(afterKill.length).toBeGreaterThan(100);
    expect(new Set(afterKill.map((outcome) => outcome.value))).toEqual(new Set(['b']));
    // The failures really happened and nginx retried them: it logged the dead replica.
    const errors = (await nginx.errorLog()).split('\n').filter((line) => line.includes(victim.address));
    expect(errors.length).toBeGreaterThan(0);
    expect(survivor.child.exitCode).toBeNull();
  });

  it('reports the pack unavailable (503, JSON) once no replica is left', async () => {
    const [, survivor] = replicas as [RunningService, RunningService];
    const before = await fetch(`${nginx.url}/healthz`);
    expect(before.status).toBe(200);

    await survivor.stop('SIGKILL');
    const health = await fetch(`${nginx.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'degraded', packs: { echo: 'unavailable' } });

    const reply = await postRpc(`${nginx.url}/echo/mcp`, toolCall(1, 'echo', { text: 'anyone?' }), { 'x-request-id': 'orphan' });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect(reply.headers.get('x-request-id')).toBe('orphan');
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32053 } });
  });
});
