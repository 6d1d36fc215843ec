import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { freePort, postRpc, PRODUCT_PACKS, toolCall } from '../src/index.ts';
import { createStack, run, type Stack } from '../compose/stack.ts';
import { timed as timedPhase, until, type Phases } from '../compose/steps.ts';
import { callPack, casesOf, type Dialect } from '../compose/tool-calls.ts';
import { SECRETS, startUpstreams, type Upstreams } from '../compose/upstreams.ts';
import { startSteadyLoad, summarize, type SteadyLoad } from './steady-load.ts';
import { answeredBy, killTask, leftovers, reachesEveryTask, spreadOver, STACK_FILE, swarmStack, type SwarmStack } from './swarm.ts';

// deploy/swarm/stack.yml on a real (one-node) swarm: built with `docker compose build`, deployed
// with `docker stack deploy`, driven through nginx as a client would, changed under load the ways
// an operator and a failing node change it. Run by `pnpm test:swarm` (swarm/run.sh: it makes the
// swarm when there is none, and removes the stack and leaves that swarm whatever happens).
const name = process.env.TOOLGATE_SWARM_STACK ?? `tgswarm${process.pid}`;
const phases: Phases = {};
const timed = <T>(phase: string, work: () => Promise<T>) => timedPhase(phases, phase, work);
const PACK_SERVICES = [...PRODUCT_PACKS, 'gateway'];
let stack: SwarmStack;
let images: Stack;
let upstreams: Upstreams;
let secretsDir: string;
let base: string;

const health = async () => {
  const response = await fetch(`${base}/healthz`);
  return { status: response.status, body: (await response.json()) as { status: string; packs: Record<string, string> } };
};

/** A random_quote through nginx, answered right, under its own request id. */
async function quoteCall(id: string): Promise<{ ok: boolean; error?: string }> {
  const reply = await postRpc(`${base}/quotes/mcp`, toolCall(1, 'random_quote', {}), { 'x-request-id': id });
  const ok = reply.status === 200 && reply.json?.id === 1 && typeof reply.json?.result?.structuredContent?.content === 'string';
  return ok ? { ok } : { ok, error: `${reply.status} ${reply.text.slice(0, 200)}` };
}

beforeAll(async () => {
  const state = (await run('docker', ['info', '--format', '{{.Swarm.LocalNodeState}}'])).stdout.trim();
  if (state !== 'active') throw new Error(`this engine is not in a swarm (${state}): run it as \`pnpm test:swarm\`, which makes one`);
  // Tasks reach the host through the swarm's gateway bridge (no egress here): the stand-ins listen there.
  const bridge = JSON.parse((await run('docker', ['network', 'inspect', 'docker_gwbridge'])).stdout)[0].IPAM.Config[0].Gateway as string;
  upstreams = await startUpstreams(bridge);
  // The keys come only as swarm secrets, one file each; the secrets no test needs are blank (unset).
  secretsDir = mkdtempSync(join(tmpdir(), `toolgate-swarm-secrets-`));
  const secretNames = Object.keys(parse(readFileSync(STACK_FILE, 'utf8')).secrets);
  for (const secret of secretNames) writeFileSync(join(secretsDir, secret), `${SECRETS[secret as keyof typeof SECRETS] ?? ''}\n`);
  const settings = Object.fromEntries(Object.entries(upstreams.env).filter(([variable]) => !(variable in SECRETS)));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    ...{ PATH: process.env.PATH, HOME: process.env.HOME, DOCKER_HOST: process.env.DOCKER_HOST },
    ...{ TOOLGATE_HTTP_PORT: String(port), TOOLGATE_VERSION: 'swarm-e2e', TOOLGATE_SECRETS_DIR: secretsDir, UPSTREAM_TIMEOUT_MS: '2000' },
    ...settings,
  };
  images = createStack(`${name}-build`, env);
  await timed('build', () => images.compose(['build'], { timeoutMs: 480_000 }));
  stack = swarmStack(name, env);
  await timed('deploy until healthy', async () => {
    await stack.deploy();
    await until('every task of the stack running (healthy)', () => stack.converged(), (done) => done === true, 300_000);
    await until('nginx /healthz', health, (reply) => reply.status === 200, 120_000);
    for (const service of PACK_SERVICES) await reachesEveryTask(stack, base, service, service === 'gateway' ? '/mcp' : `/${service}/mcp`);
  });
}, 720_000);

afterAll(async () => {
  if (stack && (await leftovers(name)).length > 0) await stack.remove().catch(() => undefined);
  await upstreams?.close();
  images?.remove();
  if (secretsDir) rmSync(secretsDir, { recursive: true, force: true });
  const report = process.env.TOOLGATE_SWARM_REPORT;
  if (report) writeFileSync(report, `${JSON.stringify(phases, null, 2)}\n`);
  console.log(`swarm e2e phases (ms): ${JSON.stringify(phases)}`);
}, 180_000);

describe('docker stack deploy, for real', () => {
  it('runs what the stack file says: replicas, dnsrr, start-first updates rolled back on failure, limits, health checks, secrets', async () => {
    for (const service of PACK_SERVICES) {
      const { Spec } = await stack.inspect(service);
      const container = Spec.TaskTemplate.ContainerSpec;
      expect([service, Spec.Mode.Replicated?.Replicas, Spec.EndpointSpec.Mode]).toEqual([service, 2, 'dnsrr']);
      expect([service, Spec.UpdateConfig]).toEqual([service, expect.objectContaining({ Parallelism: 1, Order: 'start-first', FailureAction: 'rollback', Monitor: 15e9 })]);
      expect([service, Spec.RollbackConfig]).toEqual([service, expect.objectContaining({ Parallelism: 1, Order: 'start-first' })]);
      expect([service, Spec.TaskTemplate.Resources.Limits.MemoryBytes]).toEqual([service, (service === 'gateway' ? 512 : 256) * 2 ** 20]);
      expect([service, Spec.TaskTemplate.RestartPolicy.Condition]).toEqual([service, 'any']);
      expect([service, container.Healthcheck.Test.join(' ')]).toEqual([service, expect.stringContaining('/healthz')]);
      expect([service, container.ReadOnly, container.CapabilityDrop]).toEqual([service, true, ['ALL']]);
      expect([service, container.Secrets.map((secret: any) => secret.File.Name)]).toEqual([service, expect.arrayContaining(['API_KEYS', 'API_KEYS_FILE'])]);
      expect([service, (await stack.tasks(service)).length]).toEqual([service, 2]);
    }
    const nginx = (await stack.inspect('nginx')).Spec;
    expect(nginx.Mode).toEqual({ Global: {} });
    expect(nginx.EndpointSpec.Ports).toEqual([expect.objectContaining({ TargetPort: 8080, PublishMode: 'host' })]);
    expect((await stack.tasks('redis')).length).toBe(1);
  });

  it.each(PRODUCT_PACKS)('%s: every tool answers through nginx', async (pack) => {
    const cases = casesOf(pack);
    const answer = await callPack(`${base}/${pack}/mcp`, 'bare', cases);
    expect(answer.tools).toEqual(expect.arrayContaining(cases.map((entry) => entry.tool)));
    cases.forEach((entry, index) => {
      expect([entry.tool, answer.results[index]!.isError ?? false]).toEqual([entry.tool, false]);
      expect(answer.results[index]!.structuredContent).toMatchObject(entry.expected);
    });
  });

  it.each(['bare', '2026-07-28'] as Dialect[])('/mcp: every tool of every pack answers through nginx from the gateway service, to a %s client', async (dialect) => {
    const cases = PRODUCT_PACKS.flatMap((pack) => casesOf(pack).map((entry) => ({ ...entry, tool: `${pack}_${entry.tool}` })));
    const answer = await callPack(`${base}/mcp`, dialect, cases);
    expect(answer.tools).toEqual(expect.arrayContaining(cases.map((entry) => entry.tool)));
    cases.forEach((entry, index) => expect([entry.tool, answer.results[index]!.isError ?? false]).toEqual([entry.tool, false]));
    const gateway = new Set((await stack.tasks('gateway')).map((task) => task.address));
    // This test's own calls (not the deploy's warm-up), spread over both tasks by least_conn.
    const served = (await stack.accessLog()).filter((entry) => entry.path === '/mcp' && !entry.request_id.startsWith('reach-')).map(answeredBy);
    expect(new Set(served)).toEqual(gateway);
  });

  it('the upstream keys reach the packs only as swarm secrets: in no service spec, container environment or log', async () => {
    // The stand-ins refuse a wrong key: every pack above answered, so each had its own.
    expect(upstreams.requests.some((path) => path.startsWith('/alchemy/'))).toBe(true);
    const specs = await Promise.all(PACK_SERVICES.map((service) => stack.inspect(service)));
    const containers = JSON.parse((await run('docker', ['inspect', ...(await stack.containers())])).stdout);
    const logs = await Promise.all(['nginx', ...PACK_SERVICES].map((service) => stack.service(service, ['logs', '--raw'], 60_000)));
    const everything = JSON.stringify([specs, containers.map((container: any) => container.Config.Env), logs.map((log) => log.stdout + log.stderr)]);
    for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
  });

  /** Runs `steps` under a steady stream of quotes calls; every call must succeed, and each phase must have had some. */
  async function underLoad(label: string, firstPhase: string, steps: (load: SteadyLoad) => Promise<void>): Promise<void> {
    const load = startSteadyLoad({ phase: firstPhase, concurrency: 8, maxCalls: 200_000, call: quoteCall });
    try {
      await steps(load);
    } finally {
      await load.stop();
    }
    const { failed, perPhase, line } = summarize(load.outcomes());
    phases[label] = line;
    // A failed call shows what nginx saw of it: the tasks it tried, their answers, its error log.
    const seen = failed.length === 0 ? [] : (await stack.accessLog()).filter((entry) => failed.some((call) => call.id === entry.request_id));
    const nginxErrors = failed.length === 0 ? [] : (await stack.upstreamErrors()).slice(-40);
    expect({ failed, seen, nginxErrors }).toEqual({ failed: [], seen: [], nginxErrors: [] });
    for (const [phase, count] of perPhase) expect([phase, count >= 20]).toEqual([phase, true]);
  }

  /** Scale to `replicas` and wait until nginx sends calls to every task. */
  async function scaleTo(load: SteadyLoad, service: string, replicas: number, phase: string): Promise<void> {
    load.phase(phase);
    await timed(phase, () => stack.service(service, ['update', '--detach=false', '--replicas', String(replicas)]));
    const tasks = await stack.tasks(service);
    expect(tasks).toHaveLength(replicas);
    await spreadOver(stack, phase, tasks);
  }

  // One pack's service changed every way an operator or a failing node changes it, with calls
  // flowing all along: first in dnsrr mode (the stack's), then in vip mode.
  it('dnsrr: a rolling update, a SIGKILLed task and a scale to 3 under a steady stream of calls lose no call', async () => {
    const before = await stack.tasks('quotes');
    await underLoad('dnsrr under load', 'rr-update', async (load) => {
      await timed('rolling update --force (dnsrr)', () => stack.service('quotes', ['update', '--detach=false', '--force']));
      const after = await stack.tasks('quotes');
      expect(after).toHaveLength(2);
      expect(after.filter((task) => before.some((old) => old.container === task.container))).toEqual([]);
      await spreadOver(stack, 'rr-update', after);
      load.phase('rr-kill');
      expect(await timed('SIGKILL a task until replaced (dnsrr)', () => killTask(stack, 'quotes'))).toBe(137);
      await scaleTo(load, 'quotes', 3, 'rr-scale-3');
    });
  }, 300_000);

  it('vip: switched to the virtual IP, nginx still follows every task (tasks.<pack>) through a SIGKILL and back to 2, no call lost', async () => {
    await underLoad('vip under load', 'vip-switch', async (load) => {
      await timed('switch to vip (a rolling update)', () => stack.service('quotes', ['update', '--detach=false', '--endpoint-mode', 'vip']));
      const { Endpoint } = await stack.inspect('quotes');
      expect(Endpoint.Spec.Mode).toBe('vip');
      expect(Endpoint.VirtualIPs.length).toBeGreaterThan(0);
      const virtual = Endpoint.VirtualIPs.map((vip: { Addr: string }) => vip.Addr.split('/')[0]);
      const tasks = await stack.tasks('quotes');
      expect(tasks).toHaveLength(3);
      await spreadOver(stack, 'vip-switch', tasks);
      load.phase('vip-kill');
      expect(await timed('SIGKILL a task until replaced (vip)', () => killTask(stack, 'quotes'))).toBe(137);
      await scaleTo(load, 'quotes', 2, 'vip-scale-2');
      // Every call went to a task's own address, none to the virtual IP.
      const served = new Set((await stack.accessLog()).filter((entry) => entry.request_id.startsWith('vip-')).map(answeredBy));
      for (const address of virtual) expect(served.has(address)).toBe(false);
    });
  }, 300_000);

  it('an update whose tasks fail (a bad setting) is rolled back by swarm itself, with no call lost', async () => {
    const previous = (await stack.inspect('quotes')).Spec.TaskTemplate.ContainerSpec.Env as string[];
    await underLoad('failed update under load', 'bad-update', async (load) => {
      // The CLI reports the rollback as an error; what counts is the state swarm reaches.
      await timed('bad update until rolled back', async () => {
        await stack.service('quotes', ['update', '--detach=false', '--env-add', 'LOG_LEVEL=loud']).catch(() => undefined);
        await until('quotes rolled back', () => stack.inspect('quotes'), (service) => service?.UpdateStatus?.State === 'rollback_completed', 120_000);
      });
      load.phase('rolled-back');
      const tasks = await stack.tasks('quotes');
      expect(tasks).toHaveLength(2);
      await spreadOver(stack, 'rolled-back', tasks);
    });
    expect((await stack.inspect('quotes')).Spec.TaskTemplate.ContainerSpec.Env).toEqual(previous);
  }, 300_000);

  it('`docker stack rm` leaves nothing of the stack: no service, container, network, config or secret', async () => {
    await timed('stack rm until nothing is left', async () => {
      await stack.remove();
      await until('nothing of the stack left', () => leftovers(name), (found) => Array.isArray(found) && found.length === 0, 90_000);
    });
  }, 120_000);
});
