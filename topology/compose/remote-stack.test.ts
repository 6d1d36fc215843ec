import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPOSE_OVERRIDE, derivedFiles, loadServersFile, PROMETHEUS_REMOTE_CONFIG } from '@toolgate/pack-tools';
import { freePort, postRpc, PRODUCT_PACKS, repoRoot, spendQuotaAcrossUrls, startServerEverything, toolCall, type RunningServerEverything } from '../src/index.ts';
import { createStack, leftovers, run, stackDir, type Stack } from './stack.ts';
import { timed as timedPhase, until, type Phases } from './steps.ts';

// An operator's stack on the Docker engine: an MCP server of theirs put behind it
// (docs/federation.md) through the files `pnpm packs:sync --servers <file>` renders
// (docker-compose.remote.yml and prometheus.remote.yml), named keys with policies
// (API_KEYS_FILE from TOOLGATE_KEYS_DIR), Redis, and the observability profile. The server is
// @modelcontextprotocol/server-everything over Streamable HTTP, on this machine, reached by the
// containers at the Docker bridge's address as the upstream stand-ins are.
const project = `${process.env.TOOLGATE_COMPOSE_PROJECT ?? `toolgate-e2e-${process.pid}`}-remote`;
const phases: Phases = {};
const timed = <T>(phase: string, work: () => Promise<T>) => timedPhase(phases, phase, work);
let stack: Stack;
let everything: RunningServerEverything | undefined;
let base: string;
let prometheus: string;

const AGENT = 'tg_e2e_agent_key';
const METERED = 'tg_e2e_metered_key';
const as = (key: string) => ({ authorization: `Bearer ${key}` });
const PROFILES = ['--profile', 'observability', '--profile', 'redis'];

/** What Prometheus answers to a query, as [labels, value] pairs. */
async function query(expression: string): Promise<Array<[Record<string, string>, number]>> {
  const response = await fetch(`${prometheus}/api/v1/query?query=${encodeURIComponent(expression)}`);
  const body = (await response.json()) as { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
  return body.data.result.map((sample) => [sample.metric, Number(sample.value[1])]);
}

beforeAll(async () => {
  const bridge = JSON.parse((await run('docker', ['network', 'inspect', 'bridge'])).stdout)[0].IPAM.Config[0].Gateway as string;
  everything = await startServerEverything();
  const dir = stackDir(project);
  mkdirSync(join(dir, 'prometheus'), { recursive: true });
  const serversPath = join(dir, 'mcp-servers.json');
  writeFileSync(serversPath, JSON.stringify({ mcpServers: { everything: { url: `http://${bridge}:${everything.port}/mcp` } } }));

  // What `pnpm packs:sync --servers <file>` writes, written here instead of into the checkout.
  const rendered = derivedFiles(repoRoot, { servers: await loadServersFile(repoRoot, serversPath, {}) });
  const override = join(dir, COMPOSE_OVERRIDE);
  writeFileSync(override, rendered.get(COMPOSE_OVERRIDE)!);
  // Prometheus reads deploy/prometheus/ (alerts.yml beside the rendered file): the same two files, from here.
  writeFileSync(join(dir, 'prometheus', 'prometheus.remote.yml'), rendered.get(PROMETHEUS_REMOTE_CONFIG)!);
  copyFileSync(join(repoRoot, 'deploy/prometheus/alerts.yml'), join(dir, 'prometheus', 'alerts.yml'));
  // An operator's keys file, in the directory compose mounts at /etc/toolgate-keys.
  mkdirSync(join(dir, 'keys'));
  writeFileSync(join(dir, 'keys', 'keys.json'), JSON.stringify([{ name: 'agent', key: AGENT }, { name: 'metered', key: METERED, daily_quota: 3 }]));
  const prometheusDir = join(dir, 'prometheus-dir.yml');
  writeFileSync(prometheusDir, `services:\n  prometheus:\n    volumes:\n      - ${join(dir, 'prometheus')}:/etc/toolgate/prometheus:ro\n`);

  const port = await freePort();
  const prometheusPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  prometheus = `http://127.0.0.1:${prometheusPort}`;
  const env = {
    ...{ PATH: process.env.PATH, HOME: process.env.HOME, DOCKER_HOST: process.env.DOCKER_HOST },
    ...{ TOOLGATE_HTTP_PORT: String(port), TOOLGATE_PROMETHEUS_PORT: String(prometheusPort), TOOLGATE_VERSION: 'compose-e2e' },
    ...{ TOOLGATE_KEYS_DIR: join(dir, 'keys'), API_KEYS_FILE: '/etc/toolgate-keys/keys.json', REDIS_URL: 'redis://redis:6379' },
  };
  stack = createStack(project, env, { overrides: [override, prometheusDir], builtServices: ['everything', 'prometheus'] });
  await timed('build (packs cached, remote and prometheus images)', () => stack.compose([...PROFILES, 'build'], { timeoutMs: 480_000 }));
  await timed('up until healthy', async () => {
    await stack.compose([...PROFILES, 'up', '-d', '--wait', '--no-build'], { timeoutMs: 180_000 });
    await until('nginx /healthz', () => fetch(`${base}/healthz`), (reply) => reply.status === 200);
  });
}, 720_000);

afterAll(async () => {
  await stack?.compose([...PROFILES, 'down', '--volumes', '--remove-orphans', '--timeout', '2'], { timeoutMs: 120_000 }).catch(() => undefined);
  await everything?.stop();
  stack?.remove();
  console.log(`compose e2e (servers file) phases (ms): ${JSON.stringify(phases)}`);
}, 180_000);

describe('docker compose with an operator’s MCP server (pnpm packs:sync --servers), keys file, Redis and the observability profile', () => {
  it('serves the server as a pack at /everything/mcp, beside the built-in packs in /healthz', async () => {
    const health = (await (await fetch(`${base}/healthz`)).json()) as { packs: Record<string, string> };
    expect(health.packs).toEqual({ ...Object.fromEntries(PRODUCT_PACKS.map((pack) => [pack, 'ready'])), everything: 'ready', one_url: 'ready' });
    const list = await postRpc(`${base}/everything/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, as(AGENT));
    expect(list.json.result.tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const sum = await postRpc(`${base}/everything/mcp`, toolCall(2, 'get-sum', { a: 2, b: 3 }), as(AGENT));
    expect(sum.json.result.content[0].text).toMatch(/\b5\b/);
  });

  it('serves it at the one URL too, from the gateway service, as everything_<tool>', async () => {
    const list = await postRpc(`${base}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, as(AGENT));
    const names: string[] = list.json.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['everything_get-sum', 'quotes_random_quote']));
    const sum = await postRpc(`${base}/mcp`, toolCall(2, 'everything_get-sum', { a: 20, b: 22 }), as(AGENT));
    expect(sum.json.result.content[0].text).toMatch(/\b42\b/);
    const page = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('id="pack-everything"');
    expect(page).toContain('id="one-url"');
  });

  it('reads the keys file in every service: no key is 401, and a daily quota is one budget across /mcp and /quotes/mcp (Redis)', async () => {
    expect((await postRpc(`${base}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(401);
    expect((await postRpc(`${base}/quotes/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(401);
    // One budget for the gateway (/mcp) and the quotes service, counted once per call, in Redis.
    const said = await spendQuotaAcrossUrls(base, METERED);
    expect(said.slice(0, 3)).toEqual(['2 left', '1 left', '0 left']);
    for (const refusal of said.slice(3)) expect(refusal).toMatch(/^429 -32029 retry after [1-9][0-9]*$/);
  });

  it('Prometheus scrapes every service (each pack, the gateway and the remote pack) with the alert rules loaded', async () => {
    const jobs = [...PRODUCT_PACKS, 'gateway', 'everything'].map((name) => `toolgate-${name}`).sort();
    const up = await until(
      'every scrape job up',
      () => query('up'),
      (samples) => jobs.every((job) => samples.some(([labels, value]) => labels.job === job && value === 1)),
      60_000,
    );
    expect([...new Set(up.map(([labels]) => labels.job))].sort()).toEqual(jobs);
    const rules = (await (await fetch(`${prometheus}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: unknown[] }> } };
    expect(rules.data.groups.flatMap((group) => group.rules).length).toBeGreaterThan(0);
    // The calls above, counted where they were served: the remote pack's own service and the gateway.
    const calls = await until(
      'the get-sum calls scraped',
      () => query('sum by (job) (toolgate_tool_calls_total{pack="everything",tool="get-sum",outcome="ok"})'),
      (samples) => samples.length === 2,
      60_000,
    );
    expect(Object.fromEntries(calls.map(([labels, value]) => [labels.job, value]))).toEqual({ 'toolgate-everything': 1, 'toolgate-gateway': 1 });
  }, 150_000);

  it('`down --volumes` with the same files leaves nothing of the project behind', async () => {
    await stack.compose([...PROFILES, 'down', '--volumes'], { timeoutMs: 120_000 });
    expect(await leftovers(project)).toEqual([]);
  }, 150_000);
});
