import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, postRpc, PRODUCT_PACKS, runLoad, toolCall } from '../src/index.ts';
import { accessLog, addresses, answeredBy, processSecurity, runtimeWorkspace } from './observe.ts';
import { createStack, leftovers, run, type Stack } from './stack.ts';
import { isJson, timed as timedPhase, until, type Phases } from './steps.ts';
import { callPack, casesOf, TOOL_CASES, type Dialect } from './tool-calls.ts';
import { TOKENS } from './alchemy-stand-in.ts';
import { SECRETS, startUpstreams, type Upstreams } from './upstreams.ts';

// `docker compose up` for real: the repository's Dockerfile and docker-compose.yml built and run
// on a Docker engine, driven through nginx as a client would. Run by `pnpm test:compose`
// (topology/compose/run.sh), which also removes the project if this process dies.
const project = process.env.TOOLGATE_COMPOSE_PROJECT ?? `toolgate-e2e-${process.pid}`;
const phases: Phases = {};
let stack: Stack;
let upstreams: Upstreams;
let base: string;

const timed = <T>(phase: string, work: () => Promise<T>) => timedPhase(phases, phase, work);

const health = async () => {
  const response = await fetch(`${base}/healthz`);
  return { status: response.status, body: (await response.json()) as { status: string; packs: Record<string, string> } };
};
const quote = (id: number, requestId = `q-${id}`) => postRpc(`${base}/quotes/mcp`, toolCall(id, 'random_quote', {}), { 'x-request-id': requestId });

beforeAll(async () => {
  const bridge = JSON.parse((await run('docker', ['network', 'inspect', 'bridge'])).stdout)[0].IPAM.Config[0].Gateway as string;
  upstreams = await startUpstreams(bridge);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Only what an operator's .env would say (an empty --env-file keeps a developer's .env out).
  const env = {
    ...{ PATH: process.env.PATH, HOME: process.env.HOME, DOCKER_HOST: process.env.DOCKER_HOST },
    ...{ TOOLGATE_HTTP_PORT: String(port), TOOLGATE_VERSION: 'compose-e2e', UPSTREAM_TIMEOUT_MS: '2000' },
    ...upstreams.env,
  };
  stack = createStack(project, env);
  await timed('build', () => stack.compose(['build'], { timeoutMs: 480_000 }));
  await timed('up until healthy', async () => {
    await stack.compose(['up', '-d', '--wait', '--no-build'], { timeoutMs: 180_000 });
    await until('nginx /healthz', health, (reply) => reply.status === 200);
  });
}, 720_000);

afterAll(async () => {
  await stack?.compose(['--profile', 'redis', 'down', '--remove-orphans', '--timeout', '2'], { timeoutMs: 120_000 }).catch(() => undefined);
  await upstreams?.close();
  stack?.remove();
  const report = process.env.TOOLGATE_COMPOSE_REPORT;
  if (report) writeFileSync(report, `${JSON.stringify(phases, null, 2)}\n`);
  console.log(`compose e2e phases (ms): ${JSON.stringify(phases)}`);
}, 180_000);

describe('docker compose up, for real', () => {
  it('ships each pack with only its runtime workspace packages (no test-support, no tests)', async () => {
    for (const pack of PRODUCT_PACKS) {
      const dirs = ['/app/packages', '/app/services', `/app/services/${pack}`, ...runtimeWorkspace(pack).map((name) => `/app/packages/${name}`)];
      const { stdout } = await run('docker', ['run', '--rm', '--entrypoint', 'ls', `toolgate/${pack}:compose-e2e`, ...dirs]);
      // `ls a b`: "a:\n<entries>\n\nb:\n<entries>"
      const listing = new Map(stdout.trim().split('\n\n').map((block) => [block.split(':\n')[0], (block.split(':\n')[1] ?? '').split('\n').filter(Boolean)]));
      expect([pack, listing.get('/app/packages')]).toEqual([pack, runtimeWorkspace(pack)]);
      expect([pack, listing.get('/app/services')]).toEqual([pack, [pack]]);
      for (const dir of dirs.slice(2)) expect([dir, listing.get(dir)]).not.toEqual([dir, expect.arrayContaining(['test'])]);
      expect(listing.get('/app/packages/upstream') ?? []).not.toContain('testing');
    }
  });

  it.each(PRODUCT_PACKS.flatMap((pack) => (['bare', '2025', '2026-07-28'] as Dialect[]).map((dialect) => [pack, dialect] as const)))(
    '%s: every tool answers through nginx to a %s client',
    async (pack, dialect) => {
      const cases = casesOf(pack);
      const answer = await callPack(`${base}/${pack}/mcp`, dialect, cases);
      // A pack with cases here has every tool covered; a new one is checked by its manifest's probe.
      if (TOOL_CASES.some((entry) => entry.pack === pack)) expect(answer.tools.sort()).toEqual(cases.map((entry) => entry.tool).sort());
      else expect(answer.tools).toEqual(expect.arrayContaining(cases.map((entry) => entry.tool)));
      cases.forEach((entry, index) => {
        expect([entry.tool, answer.results[index]!.isError ?? false]).toEqual([entry.tool, false]);
        expect(answer.results[index]!.structuredContent).toMatchObject(entry.expected);
      });
      const answered = JSON.stringify(answer.results);
      for (const secret of Object.values(SECRETS)) expect(answered).not.toContain(secret);
      if (dialect === '2026-07-28') expect(answer.version).toBe('2026-07-28');
      if (dialect === '2025') expect(answer.version).toMatch(/^2025-/);
    },
  );

  it.each(['bare', '2025', '2026-07-28'] as Dialect[])('/mcp: every tool of every pack answers through nginx as <pack>_<tool>, from the gateway service, to a %s client', async (dialect) => {
    const cases = PRODUCT_PACKS.flatMap((pack) => casesOf(pack).map((entry) => ({ ...entry, tool: `${pack}_${entry.tool}` })));
    const answer = await callPack(`${base}/mcp`, dialect, cases);
    expect(answer.tools).toEqual(expect.arrayContaining(cases.map((entry) => entry.tool)));
    cases.forEach((entry, index) => {
      expect([entry.tool, answer.results[index]!.isError ?? false]).toEqual([entry.tool, false]);
      expect(answer.results[index]!.structuredContent).toMatchObject(entry.expected);
    });
    const answered = JSON.stringify(answer.results);
    for (const secret of Object.values(SECRETS)) expect(answered).not.toContain(secret);
    // nginx sent every /mcp request to the gateway's container, which serves it whole.
    const gateway = new Set((await addresses(stack, 'gateway')).values());
    const upstreams = new Set((await accessLog(stack)).filter((entry) => entry.path === '/mcp').map((entry) => entry.upstream.split(':')[0]));
    expect([...upstreams]).toEqual([...gateway]);
  });

  it('a browser at / gets the catalog page with every pack and its tools, and the one URL, from the gateway service', async () => {
    const response = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const page = await response.text();
    for (const pack of PRODUCT_PACKS) {
      expect([pack, page.includes(`id="pack-${pack}"`)]).toEqual([pack, true]);
      for (const entry of TOOL_CASES.filter((candidate) => candidate.pack === pack)) {
        expect(page).toContain(`data-endpoint="/${pack}/mcp" data-tool="${entry.tool}"`);
      }
    }
    // The configurations name the address a client used (nginx's X-Forwarded-Host, believed from it).
    expect(page).toContain(`claude mcp add --transport http toolgate-quotes ${base}/quotes/mcp</code>`);
    expect(page).not.toContain('are missing from this page');
    expect(page).toContain('id="one-url"');
    expect(page).toContain(`<code>${base}/mcp</code>`);
  });

  it('the chain pack reached Alchemy the ways it reads: alchemy_* alone, standard batches, Multicall3', () => {
    expect(upstreams.rpc).toEqual(
      expect.arrayContaining(['alchemy_getTokenMetadata', 'batch[eth_getCode,eth_call]', 'eth_call', 'aggregate3(3 calls)', 'eth_getBalance']),
    );
  });

  it('scaled to 3, quotes calls are spread over all three replicas', async () => {
    await timed('scale quotes to 3', () => stack.compose(['up', '-d', '--wait', '--no-build', '--scale', 'quotes=3'], { timeoutMs: 120_000 }));
    const replicas = new Set((await addresses(stack, 'quotes')).values());
    expect(replicas.size).toBe(3);
    // nginx re-resolves the service name every 5 s: wait until it has sent a call to each.
    let round = 0;
    await until('nginx using all three replicas', async () => {
      const ids = new Set<string>();
      for (let index = 0; index < 15; index += 1) ids.add((await quote(index, `spread-${round}-${index}`)).headers.get('x-request-id')!);
      round += 1;
      return new Set((await answeredBy(stack, ids)).values());
    }, (seen) => seen instanceof Set && seen.size === 3);
    const ids = new Set<string>();
    for (let index = 0; index < 30; index += 1) ids.add((await quote(index, `spread-final-${index}`)).headers.get('x-request-id')!);
    const counts = new Map<string, number>();
    for (const address of (await answeredBy(stack, ids)).values()) counts.set(address, (counts.get(address) ?? 0) + 1);
    expect(new Set(counts.keys())).toEqual(replicas);
    phases['spread over 3 replicas (30 calls)'] = [...counts.values()].join('/');
  }, 120_000);

  it('one replica SIGKILLed under load costs zero failed calls', async () => {
    const [victim] = await stack.containers('quotes');
    let killing: Promise<unknown> | undefined;
    const { outcomes } = await timed('failover load (400 calls)', () =>
      runLoad<number>({
        total: 400,
        concurrency: 12,
        async request(index) {
          const reply = await quote(index, `failover-${index}`);
          const ok = reply.status === 200 && reply.json?.id === index && !reply.json?.result?.isError;
          return ok ? { ok } : { ok, error: `${reply.status} ${reply.text.slice(0, 200)}` };
        },
        onProgress(completed) {
          if (completed === 120) killing ??= run('docker', ['kill', '--signal', 'KILL', victim!]);
        },
      }),
    );
    await killing;
    const failed = outcomes.filter((outcome) => !outcome.ok);
    phases['failover'] = `${outcomes.length} calls, ${failed.length} failed, SIGKILL at call 120`;
    expect(outcomes).toHaveLength(400);
    expect(failed).toEqual([]);
    expect((await stack.inspect(victim!)).State.ExitCode).toBe(137);
    // nginx did meet the dead replica and retried elsewhere.
    const retried = (await accessLog(stack)).filter((entry) => entry.request_id.startsWith('failover-') && entry.upstream.includes(','));
    expect(retried.length).toBeGreaterThan(0);
  }, 120_000);

  it('a pack stopped with a call in flight answers it, then exits as soon as it has drained', async () => {
    // DAI has no logo at Alchemy, so the pack also asks the logo host: a DNS name this
    // container cannot resolve (no egress). Each attempt gives up after UPSTREAM_TIMEOUT_MS
    // (2 s) while Docker's DNS takes about 8 s to fail: lookups are still pending when the
    // call has been answered. They once held the process past its "stopped" line.
    const [chain] = await stack.containers('chain');
    const asked = upstreams.requests.length;
    const inFlight = postRpc(`${base}/chain/mcp`, toolCall(1, 'token_metadata', { contract: TOKENS.DAI.address }));
    await until('the call reached the pack', async () => upstreams.requests.length, (count) => count > asked, 10_000);
    const stopped = await timed('stop chain with a call in flight', () => stack.compose(['stop', 'chain'], { timeoutMs: 60_000 }));
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(reply.json.result.structuredContent).toMatchObject({ symbol: 'DAI', decimals: 18, logo: null });
    const state = (await stack.inspect(chain!)).State;
    expect(state.ExitCode).toBe(0);
    const { stdout } = await run('docker', ['logs', chain!]);
    const drained = stdout.split('\n').filter(isJson).map((line) => JSON.parse(line)).find((line) => line.msg === 'stopped');
    const lingered = Date.parse(state.FinishedAt) - drained.time;
    phases['exit after drained (ms)'] = lingered;
    expect(lingered).toBeLessThan(1_000);
    expect(stopped.ms).toBeLessThan(15_000);
    await stack.compose(['start', 'chain'], { timeoutMs: 60_000 });
    await until('/healthz with chain back', health, (back) => back.status === 200);
  }, 120_000);

  it('with every quotes replica stopped, /healthz names the pack and calls get a clear 503; then it comes back', async () => {
    await stack.compose(['stop', 'quotes'], { timeoutMs: 60_000 });
    const down = await until('/healthz reporting quotes down', health, (reply) => reply.status === 503);
    const packs = { ...Object.fromEntries(PRODUCT_PACKS.map((pack) => [pack, pack === 'quotes' ? 'unavailable' : 'ready'])), one_url: 'ready' };
    expect(down.body).toEqual({ status: 'degraded', packs });
    const reply = await quote(1, 'orphan-call');
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect(reply.headers.get('x-request-id')).toBe('orphan-call');
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32053, message: 'No replica of this pack is answering; try again shortly.' } });

    await timed('quotes back to healthy', async () => {
      await stack.compose(['start', 'quotes'], { timeoutMs: 60_000 });
      await until('/healthz after the restart', health, (back) => back.status === 200);
    });
    expect((await quote(2)).status).toBe(200);
  }, 120_000);

  it('with the redis profile, two replicas share one rate-limit budget', async () => {
    const limit = 20;
    const env = { REDIS_URL: 'redis://redis:6379', RATE_LIMIT_PER_MINUTE: String(limit) };
    await timed('up with redis profile', async () => {
      await stack.compose(['--profile', 'redis', 'up', '-d', '--wait', '--no-build', '--scale', 'quotes=2'], { env, timeoutMs: 180_000 });
      await until('/healthz with redis', health, (reply) => reply.status === 200);
    });
    expect((await stack.containers('quotes')).length).toBe(2);
    await sleep(6_000); // nginx re-resolves every 5 s: let it find both new replicas first
    const replies = [];
    for (let index = 0; index < limit + 5; index += 1) replies.push(await quote(index, `shared-${index}`));
    const remaining = replies.filter((reply) => reply.status === 200).map((reply) => Number(reply.headers.get('ratelimit-remaining')));
    // One budget: every call counted once, whichever replica took it; then 429 from both.
    expect(remaining).toEqual(Array.from({ length: limit }, (_, index) => limit - 1 - index));
    expect(replies.slice(limit).map((reply) => reply.status)).toEqual(Array(5).fill(429));
    const served = await answeredBy(stack, new Set(replies.map((_, index) => `shared-${index}`)));
    expect(new Set(served.values()).size).toBe(2);
    phases['shared budget'] = `${limit} allowed over 2 replicas, then ${replies.length - limit} x 429`;
  }, 240_000);

  it('runs every container non-root, read-only, without capabilities or new privileges, logging JSON without secrets', async () => {
    const ids = await stack.containers();
    expect(ids.length).toBe(PRODUCT_PACKS.length + 4); // nginx, redis, gateway, quotes x2, and one of each other pack
    for (const id of ids) {
      const { Name, HostConfig, Config } = await stack.inspect(id);
      expect([Name, HostConfig.ReadonlyRootfs, HostConfig.CapDrop, HostConfig.SecurityOpt, HostConfig.LogConfig.Type]).toEqual([
        Name, true, ['ALL'], ['no-new-privileges:true'], 'json-file',
      ]);
      expect([Name, Config.User]).not.toEqual([Name, expect.stringMatching(/^(|root|0)(:.*)?$/)]);
      const security = await processSecurity(id);
      expect([Name, security]).toEqual([Name, { uid: expect.any(Number), capEff: '0000000000000000', capBnd: '0000000000000000', noNewPrivs: '1' }]);
      expect([Name, security.uid]).not.toEqual([Name, 0]);
    }
    for (const pack of [...PRODUCT_PACKS, 'gateway']) {
      const { stdout } = await stack.compose(['logs', '--no-color', '--no-log-prefix', pack]);
      const lines = stdout.split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => !isJson(line))).toEqual([]);
    }
    expect((await accessLog(stack)).length).toBeGreaterThan(400);
    const { stdout: everything } = await stack.compose(['--profile', 'redis', 'logs', '--no-color']);
    for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
  }, 120_000);

  it('`docker compose --profile redis down` leaves nothing of the project behind', async () => {
    await timed('down', () => stack.compose(['--profile', 'redis', 'down'], { timeoutMs: 120_000 }));
    expect(await leftovers(project)).toEqual([]);
  }, 150_000);
});

