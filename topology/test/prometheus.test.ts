import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@toolgate/test-support';
import { parse } from 'yaml';
import { freePort, postRpc, repoRoot, startService, toolCall, type RunningService } from '../src/index.ts';

// Debian's real Prometheus (apt package `prometheus`; .ci/run installs it) scrapes a running
// gateway and pack services, and every query of the shipped dashboard and every alert
// expression of the shipped rules must return data from what they exposed. No copy of the
// queries: both files are read here as Grafana and Prometheus would read them.
const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
const DASHBOARD = join(repoRoot, 'deploy/grafana/toolgate.json');
const RULES = join(repoRoot, 'deploy/prometheus/alerts.yml');
/** What Grafana's `$__rate_interval` stands for here: wide enough to hold every round below. */
const RATE_INTERVAL = '2m';
/** The stand-in's slow answers: past the alerts' 2.5 s latency threshold, under UPSTREAM_TIMEOUT_MS. */
const SLOW_MS = 3_000;
const KEY_A = 'metrics-test-key-a-0123456789';
const KEY_B = 'metrics-test-key-b-0123456789';

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

function dashboardExpressions(): { what: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
  return panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ what: `dashboard panel "${panel.title}"`, expr: target.expr!.replaceAll('$__rate_interval', RATE_INTERVAL) })),
  );
}

function alertExpressions(): { what: string; expr: string }[] {
  const rules = parse(readFileSync(RULES, 'utf8')) as { groups: { rules: { alert?: string; expr: string }[] }[] };
  return rules.groups.flatMap((group) => group.rules.map((rule) => ({ what: `alert ${rule.alert}`, expr: String(rule.expr) })));
}

/** Bandsintown stand-in: the recorded artist profile for every name; `Slow …` after SLOW_MS, `Broken …` a 503. */
async function startBandsintown(): Promise<{ url: string; server: Server }> {
  const artist = readFileSync(join(repoRoot, 'services/concert/test/fixtures/bandsintown-artist.json'), 'utf8');
  const server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://stand-in').pathname.replace(/^\/artists\//, ''));
    const answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end(artist);
    if (name.startsWith('Broken')) response.writeHead(503, { 'content-type': 'application/json' }).end('{"errorMessage":"[ServiceUnavailable] try later"}');
    else if (name.startsWith('Slow')) setTimeout(answer, SLOW_MS);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function service(name: string, directory: string, env: Record<string, string>) {
  return {
    name,
    command: process.execPath,
    args: ['src/main.ts'],
    cwd: join(repoRoot, directory),
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  };
}

interface Prometheus {
  url: string;
  child: ChildProcess;
  query(expr: string): Promise<unknown[]>;
  targets(): Promise<{ job: string; health: string; lastScrape: number }[]>;
}

async function startPrometheus(config: string, directory: string): Promise<Prometheus> {
  if (!existsSync(PROMETHEUS)) {
    throw new Error(`${PROMETHEUS} is missing: install Debian's prometheus package (apt-get install prometheus; .ci/run does)`);
  }
  writeFileSync(join(directory, 'prometheus.yml'), config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stderr: string[] = [];
  const child = spawn(
    PROMETHEUS,
    [`--config.file=${join(directory, 'prometheus.yml')}`, `--storage.tsdb.path=${join(directory, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const api = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    const body = (await response.json()) as { status: string; data: any; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus ${path}: ${body.error}`);
    return body.data;
  };
  // Ready, or gone: however long a loaded machine takes to start it, a Prometheus that exits says why.
  await until(async () => child.exitCode !== null || ((await fetch(`${url}/-/ready`).catch(() => undefined))?.ok ?? false));
  if (child.exitCode !== null) throw new Error(`Prometheus exited (${child.exitCode}) before it was ready:\n${stderr.join('').slice(-2_000)}`);
  return {
    url,
    child,
    query: async (expr) => (await api(`/api/v1/query?query=${encodeURIComponent(expr)}`)).result,
    targets: async () =>
      (await api('/api/v1/targets?state=active')).activeTargets.map((target: any) => ({
        job: target.labels.job,
        health: target.health,
        lastScrape: Date.parse(target.lastScrape),
      })),
  };
}

describe('the dashboard and the alerts against a real Prometheus', () => {
  let bandsintown: { url: string; server: Server };
  let gateway: RunningService;
  let concert: RunningService;
  let quotes: RunningService;
  let prometheus: Prometheus;
  let directory: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'toolgate-prometheus-'));
    bandsintown = await startBandsintown();
    // The stand-in's slow answers take SLOW_MS; every answer gets a limit no loaded machine reaches.
    const upstream = { BANDSINTOWN_APP_ID: 'stand-in-app-id', BANDSINTOWN_BASE_URL: bandsintown.url, UPSTREAM_TIMEOUT_MS: '30000' };
    [gateway, concert, quotes] = await Promise.all([
      // The all-in-one gateway, keyed and rate limited (a generous auth-failure budget: the test's own wrong keys must not shut it out).
      startService(
        service('gateway', 'services/gateway', {
          ...upstream, TOOLGATE_PACKS: 'concert,quotes', API_KEYS: `${KEY_A},${KEY_B}`, RATE_LIMIT_PER_MINUTE: '15', AUTH_FAILURES_PER_MINUTE: '1000',
        }),
      ),
      startService(service('concert', 'services/concert', upstream)),
      startService(service('quotes', 'services/quotes', {})),
    ]);
    const job = (name: string, target: RunningService) => [`  - job_name: toolgate-${name}`, '    static_configs:', `      - targets: ['${target.address}']`];
    prometheus = await startPrometheus(
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        '  evaluation_interval: 1s',
        'rule_files:',
        `  - ${RULES}`,
        'scrape_configs:',
        ...job('gateway', gateway),
        ...job('concert', concert),
        ...job('quotes', quotes),
        '',
      ].join('\n'),
      directory,
    );
  }, 90_000);

  afterAll(async () => {
    prometheus?.child.kill('SIGTERM');
    await Promise.all([gateway?.stop(), concert?.stop(), quotes?.stop()]);
    await new Promise((resolve) => bandsintown?.server.close(resolve));
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /** Until Prometheus has scraped every running target after this moment. */
  const scraped = async (jobs: string[]) => {
    const since = Date.now();
    await until(async () => {
      const targets = await prometheus.targets();
      return jobs.every((job) => targets.some((target) => target.job === job && target.health === 'up' && target.lastScrape > since));
    });
  };

  const callOn = (service: RunningService, pack: string, headers: Record<string, string> = {}) => {
    let id = 0;
    return (tool: string, args: Record<string, unknown>) => postRpc(`${service.url}/${pack}/mcp`, toolCall((id += 1), tool, args), headers);
  };

  it('answers every dashboard query and every alert expression with data', async () => {
    const packService = callOn(concert, 'concert');
    const keyA = callOn(gateway, 'concert', { authorization: `Bearer ${KEY_A}` });
    const keyB = callOn(gateway, 'quotes', { authorization: `Bearer ${KEY_B}` });
    const wrongKey = callOn(gateway, 'quotes', { authorization: 'Bearer not-a-key-at-all-0123456789' });
    const noKey = callOn(gateway, 'quotes');

    // Three rounds of the same traffic, each scraped before the next: the first makes every
    // series, the later ones make their rates (a rate needs a series seen before it grew).
    for (let round = 1; round <= 3; round += 1) {
      const onPackService = (async () => {
        expect((await packService('artist', { name: `Artist ${round}` })).json.result.isError).toBeUndefined();
        expect((await packService('artist', { name: `Artist ${round}` })).json.result.isError).toBeUndefined(); // a cache hit
        const broken = await packService('artist', { name: `Broken ${round}` }); // 503, retried, then a tool error
        expect(broken.json.result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/server error \(HTTP 503/) }] });
        expect((await packService('artist', { name: `Slow ${round}` })).json.result.isError).toBeUndefined();
      })();
      const onGateway = (async () => {
        expect((await keyA('artist', { name: `Gateway ${round}` })).json.result.isError).toBeUndefined();
        expect((await keyA('artist', { name: `Gateway ${round}` })).json.result.isError).toBeUndefined();
        // Key B spends its 15 a minute in round one; everything past that is a 429.
        const burst = await Promise.all(Array.from({ length: 20 }, () => keyB('random_quote', {})));
        expect(burst.filter((reply) => reply.status === 429).length).toBeGreaterThanOrEqual(5);
        for (const reply of await Promise.all([wrongKey('random_quote', {}), wrongKey('random_quote', {}), noKey('random_quote', {})])) {
          expect(reply.status).toBe(401);
        }
      })();
      await Promise.all([onPackService, onGateway]);
      await scraped(['toolgate-gateway', 'toolgate-concert', 'toolgate-quotes']);
    }

    // The gateway's Bandsintown breaker opens after five failed attempts in a row (two calls of
    // three attempts); the next call is refused without being sent.
    await keyA('artist', { name: 'Broken gateway 1' });
    await keyA('artist', { name: 'Broken gateway 2' });
    const refused = await keyA('artist', { name: 'Gateway after' });
    expect(refused.json.result.content[0].text).toMatch(/circuit open/);
    // A pack service goes away: its target is down.
    await quotes.stop();
    await until(async () => (await prometheus.targets()).some((target) => target.job === 'toolgate-quotes' && target.health === 'down'));
    await scraped(['toolgate-gateway', 'toolgate-concert']);

    const expressions = [...dashboardExpressions(), ...alertExpressions()];
    expect(expressions.length).toBeGreaterThanOrEqual(20);
    const empty: string[] = [];
    for (const { what, expr } of expressions) {
      // A scrape that fails mid-check (two cores, busy) hides a target's series until the next one:
      // an empty answer is asked again after each of up to three complete scrapes (counted, not timed).
      let answered = (await prometheus.query(expr)).length > 0;
      for (let scrape = 0; !answered && scrape < 3; scrape += 1) {
        await scraped(['toolgate-gateway', 'toolgate-concert']);
        answered = (await prometheus.query(expr)).length > 0;
      }
      if (!answered) empty.push(`${what}: ${expr}`);
    }
    expect(empty).toEqual([]);
  }, 600_000);

  it("names its metrics as Prometheus's own linter wants them", async () => {
    for (const service of [gateway, concert]) {
      const exposition = await (await fetch(`${service.url}/metrics`)).text();
      expect(exposition).toMatch(/^toolgate_upstream_requests_total\{/m);
      const lint = spawnSync(PROMTOOL, ['check', 'metrics'], { input: exposition, encoding: 'utf8' });
      if (lint.error) throw new Error(`${PROMTOOL} did not run (${lint.error.message}): install Debian's prometheus package`);
      const complaints = `${lint.stdout}${lint.stderr}`.split('\n').filter(Boolean);
      // prom-client's default Node.js gauges (toolgate_nodejs_active_handles_total, …) are named by prom-client, not here.
      expect(complaints.filter((line) => !/^toolgate_nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/.test(line))).toEqual([]);
    }
  });
});
