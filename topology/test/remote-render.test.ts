import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, parseAllDocuments } from 'yaml';
import { COMPOSE_OVERRIDE, loadServersFile, REMOTE_DIR, syncPacks } from '@toolgate/pack-tools';
import { PRODUCT_PACKS, renderScript, repoRoot } from '../src/index.ts';
import { installed } from '../src/installed.ts';
import { kubernetesProblems } from '../src/kubernetes-schema.ts';
import { renderKustomization } from '../src/kustomize.ts';
import { renderServersInCopy, SERVERS } from '../src/servers-render.ts';

const run = promisify(execFile);

const hasDocker = installed('docker', ['compose', 'version']);
const hasKubectl = installed('kubectl', ['version', '--client']);
const hasPromtool = installed('promtool', ['--version']);

describe('pnpm packs:sync --servers <file>: the entries of a servers file as packs', () => {
  let root: string;
  let serversPath: string;
  let serversText: string;
  let before: Map<string, string>;
  const committed = ['docker-compose.yml', 'deploy/base/kustomization.yaml', 'deploy/base/ingress.yaml', 'deploy/base/config.yaml', 'deploy/prometheus/prometheus.yml', 'deploy/swarm/stack.yml', '.env.example'];

  beforeAll(async () => {
    ({ root, serversPath, serversText } = await renderServersInCopy('packs-sync-remote-', (copy) => {
      before = new Map(committed.map((path) => [path, readFileSync(join(copy.root, path), 'utf8')]));
    }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('leaves every committed file as it was, so plain packs:sync --check still passes', () => {
    for (const [path, text] of before) expect(readFileSync(join(root, path), 'utf8')).toBe(text);
    expect(syncPacks(root, { check: true })).toEqual([]);
  });

  describe(COMPOSE_OVERRIDE, () => {
    const override = () => parse(readFileSync(join(root, COMPOSE_OVERRIDE), 'utf8'), { merge: true });

    it('runs each entry as the remote image serving it, the file mounted read-only, hardened like a pack', () => {
      const { everything, memory } = override().services;
      expect(everything).toMatchObject({
        image: '${TOOLGATE_REGISTRY:-}toolgate/remote:${TOOLGATE_VERSION:-latest}',
        build: { context: '.', args: { PACK: 'remote' } },
        // Its own volumes replace x-pack's, so the keys directory is repeated.
        volumes: ['${TOOLGATE_KEYS_DIR:-./deploy/keys}:/etc/toolgate-keys:ro', './mcp-servers.json:/etc/toolgate/mcp-servers.json:ro'],
        read_only: true,
        cap_drop: ['ALL'],
        environment: { PORT: '8090', MCP_SERVERS_FILE: '/etc/toolgate/mcp-servers.json', TOOLGATE_REMOTE: 'everything', EVERYTHING_TOKEN: null, API_KEYS: null },
      });
      expect(memory.environment.TOOLGATE_REMOTE).toBe('memory');
      // HOME is the container's own; an escaped "$${" names no variable; the other entry's secret is not passed.
      expect(Object.keys(memory.environment)).not.toEqual(expect.arrayContaining(['HOME']));
      expect(Object.keys(memory.environment).filter((name) => /NOT_A_VARIABLE|EVERYTHING_TOKEN/.test(name))).toEqual([]);
    });

    it('routes nginx to them beside the built-in packs, and names them in every CATALOG_PEERS', () => {
      const { services } = override();
      expect(services.nginx.environment.TOOLGATE_UPSTREAMS.split(' ')).toEqual([
        'chain=chain:8081',
        'concert=concert:8082',
        'game=game:8083',
        'sports=sports:8084',
        'quotes=quotes:8085',
        'everything=everything:8090',
        'memory=memory:8090',
      ]);
      expect(Object.keys(services.nginx.depends_on)).toEqual(['everything', 'memory']);
      for (const name of [...PRODUCT_PACKS, 'everything', 'memory']) {
        expect(services[name].environment.CATALOG_PEERS).toMatch(/http:\/\/quotes:8085,http:\/\/everything:8090,http:\/\/memory:8090\}$/);
      }
    });

    it('gives the one-URL service (gateway) the file and every entry\'s variables, so /mcp serves the entries too', () => {
      const { gateway } = override().services;
      expect(gateway).toEqual({
        volumes: ['./mcp-servers.json:/etc/toolgate/mcp-servers.json:ro'],
        environment: { MCP_SERVERS_FILE: '/etc/toolgate/mcp-servers.json', MCP_SERVER_TIMEOUT_MS: null, EVERYTHING_TOKEN: null },
      });
    });

    it('has Prometheus (the observability profile) scrape each entry too, from a file beside the committed one', async () => {
      const { prometheus } = override().services;
      expect(prometheus.command[0]).toBe('--config.file=/etc/toolgate/prometheus/prometheus.remote.yml');
      const config = parse(readFileSync(join(root, 'deploy/prometheus/prometheus.remote.yml'), 'utf8'));
      const jobs = config.scrape_configs.map((job: { job_name: string; dns_sd_configs: unknown }) => [job.job_name, job.dns_sd_configs]);
      expect(jobs).toEqual(
        expect.arrayContaining([
          ['toolgate-everything', [{ names: ['everything'], type: 'A', port: 8090 }]],
          ['toolgate-memory', [{ names: ['memory'], type: 'A', port: 8090 }]],
          ['toolgate-quotes', [{ names: ['quotes'], type: 'A', port: 8085 }]],
          ['toolgate-gateway', [{ names: ['gateway'], type: 'A', port: 8080 }]],
        ]),
      );
      expect(config.rule_files).toEqual(['alerts.yml']);
      if (hasPromtool) await run('promtool', ['check', 'config', join(root, 'deploy/prometheus/prometheus.remote.yml')]);
    });

    it("renders nginx's upstream and location for each entry from that TOOLGATE_UPSTREAMS", async () => {
      const out = mkdtempSync(join(tmpdir(), 'toolgate-remote-nginx-'));
      try {
        const { services } = override();
        await run('sh', [renderScript, join(out, 'conf')], {
          env: { PATH: process.env.PATH, TOOLGATE_UPSTREAMS: services.nginx.environment.TOOLGATE_UPSTREAMS, NGINX_RESOLVER: '127.0.0.11', NGINX_UPSTREAM_SERVER_PARAMS: 'resolve' },
        });
        expect(readFileSync(join(out, 'conf/packs/everything.location.conf'), 'utf8')).toMatch(/location = \/everything\/mcp \{\s+proxy_pass http:\/\/\$toolgate_everything_upstream;/);
        expect(readFileSync(join(out, 'conf/packs/everything.upstream.conf'), 'utf8')).toContain('server everything:8090 max_fails=1 fail_timeout=5s resolve;');
        expect(readFileSync(join(out, 'conf/packs/memory.location.conf'), 'utf8')).toMatch(/location = \/memory\/mcp \{/);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });

    // Registered only where a docker CLI is; pnpm test does not need Docker.
    if (hasDocker) it('is accepted by `docker compose config` over docker-compose.yml', async () => {
      const { stdout } = await run('docker', ['compose', '--project-directory', root, '-f', join(root, 'docker-compose.yml'), '-f', join(root, COMPOSE_OVERRIDE), 'config', '--format', 'json'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
      });
      const config = JSON.parse(stdout);
      expect(config.services.everything.environment.TOOLGATE_REMOTE).toBe('everything');
      const byTarget = (volumes: Array<{ target: string }>) => Object.fromEntries(volumes.map((volume) => [volume.target, volume]));
      expect(byTarget(config.services.everything.volumes)).toEqual({
        '/etc/toolgate/mcp-servers.json': expect.objectContaining({ source: serversPath, read_only: true }),
        '/etc/toolgate-keys': expect.objectContaining({ source: join(root, 'deploy/keys'), read_only: true }),
      });
      expect(config.services.quotes.environment.CATALOG_PEERS).toMatch(/http:\/\/memory:8090$/);
      expect(config.services.quotes.image).toBe('toolgate/quotes:latest');
      // The override adds to the gateway's definition: its own variables stay, the file's join them.
      expect(config.services.gateway.environment).toMatchObject({ MCP_SERVERS_FILE: '/etc/toolgate/mcp-servers.json', PORT: '8080', CATALOG_PEERS: '' });
      expect(byTarget(config.services.gateway.volumes)).toEqual({
        '/etc/toolgate/mcp-servers.json': expect.objectContaining({ source: serversPath, read_only: true }),
        '/etc/toolgate-keys': expect.objectContaining({ source: join(root, 'deploy/keys'), read_only: true }),
      });
    });
  });

  describe(`${REMOTE_DIR} (kustomize, over deploy/base)`, () => {
    const documents = () => renderKustomization(join(root, REMOTE_DIR));
    const find = (kind: string, name: string): any => documents().find((doc) => doc.kind === kind && doc.metadata.name === name);

    it('holds only objects a Kubernetes 1.36 API server accepts (schema, and no field a type lacks)', () => {
      expect(documents().flatMap(kubernetesProblems)).toEqual([]);
    });

    it('deploys each entry as deploy/pack with the remote image, TOOLGATE_REMOTE and the file mounted', () => {
      const deployment = find('Deployment', 'everything');
      const container = deployment.spec.template.spec.containers[0];
      expect(container.image).toBe('toolgate/remote:latest');
      expect(container.env).toEqual(
        expect.arrayContaining([
          { name: 'TOOLGATE_REMOTE', value: 'everything' },
          { name: 'MCP_SERVERS_FILE', value: '/etc/toolgate/mcp-servers.json' },
          { name: 'EVERYTHING_TOKEN', valueFrom: { secretKeyRef: { name: 'toolgate-secrets', key: 'EVERYTHING_TOKEN', optional: true } } },
        ]),
      );
      expect(container.volumeMounts).toContainEqual({ name: 'mcp-servers', mountPath: '/etc/toolgate', readOnly: true });
      expect(deployment.spec.template.spec.volumes).toContainEqual({ name: 'mcp-servers', configMap: { name: 'toolgate-mcp-servers' } });
      expect(find('Service', 'everything').spec.selector).toMatchObject({ 'app.kubernetes.io/name': 'everything' });
      expect(find('Deployment', 'memory').spec.template.spec.containers[0].env.map((entry: { name: string }) => entry.name)).not.toContain('EVERYTHING_TOKEN');
    });

    it('holds the file as written in a ConfigMap: its ${VAR}s, never a value', () => {
      const configMap = find('ConfigMap', 'toolgate-mcp-servers');
      expect(configMap.data['mcp-servers.json']).toBe(serversText);
    });

    const pathsOf = (ingress: any) => ingress.spec.rules[0].http.paths.map((path: any) => `${path.path} ${path.backend.service.name}`);
    const metadata = (path: string, service: string) => `/.well-known/oauth-protected-resource${path} ${service}`;

    it('adds their OAuth metadata paths and CATALOG_PEERS to the base, whose packs stay; /mcp and their endpoints move to the sessions Ingress', () => {
      const endpoint = (path: string, service: string) => [`${path} ${service}`, metadata(path, service)];
      expect(pathsOf(find('Ingress', 'toolgate'))).toEqual([
        ...PRODUCT_PACKS.flatMap((name) => endpoint(`/${name}/mcp`, name)),
        metadata('/mcp', 'gateway'),
        '/ gateway',
        '/_toolgate/page gateway',
        metadata('/everything/mcp', 'everything'),
        metadata('/memory/mcp', 'memory'),
      ]);
      expect(find('ConfigMap', 'toolgate-config').data.CATALOG_PEERS).toBe([...PRODUCT_PACKS, 'everything', 'memory'].map((name) => `http://${name}:8080`).join(','));
      expect(documents().filter((doc) => doc.kind === 'Deployment').map((doc) => doc.metadata.name)).toEqual([...PRODUCT_PACKS, 'gateway', 'everything', 'memory']);
    });

    it("routes the endpoints that issue sessions on an Ingress of their own, hashed by Mcp-Session-Id, with the base's other settings", () => {
      const sessions = find('Ingress', 'toolgate-sessions');
      expect(pathsOf(sessions)).toEqual(['/mcp gateway', '/everything/mcp everything', '/memory/mcp memory']);
      expect(sessions.metadata.annotations).toEqual({
        ...renderKustomization(join(root, 'deploy/base')).find((doc) => doc.kind === 'Ingress')!.metadata.annotations,
        'nginx.ingress.kubernetes.io/upstream-hash-by': '$http_mcp_session_id',
      });
      expect(sessions.spec.ingressClassName).toBe(find('Ingress', 'toolgate').spec.ingressClassName);
      // Every path is routed once, by one of the two.
      const routed = [...pathsOf(find('Ingress', 'toolgate')), ...pathsOf(sessions)].map((entry: string) => entry.split(' ')[0]);
      expect(routed.length).toBe(new Set(routed).size);
    });

    it('gives the one-URL service (gateway) the file and every entry\'s secrets, so /mcp serves the entries too', () => {
      const deployment = find('Deployment', 'gateway');
      const container = deployment.spec.template.spec.containers[0];
      expect(container.image).toBe('toolgate/gateway:latest');
      expect(container.env).toEqual(
        expect.arrayContaining([
          { name: 'MCP_SERVERS_FILE', value: '/etc/toolgate/mcp-servers.json' },
          { name: 'EVERYTHING_TOKEN', valueFrom: { secretKeyRef: { name: 'toolgate-secrets', key: 'EVERYTHING_TOKEN', optional: true } } },
        ]),
      );
      expect(container.env.map((entry: { name: string }) => entry.name)).not.toContain('TOOLGATE_REMOTE');
      expect(container.volumeMounts).toContainEqual({ name: 'mcp-servers', mountPath: '/etc/toolgate', readOnly: true });
      expect(deployment.spec.template.spec.volumes).toContainEqual({ name: 'mcp-servers', configMap: { name: 'toolgate-mcp-servers' } });
    });

    // The renderer the tests read through, against real kustomize, where kubectl is installed.
    if (hasKubectl) {
      it('is what `kubectl kustomize` builds', async () => {
        const { stdout } = await run('kubectl', ['kustomize', join(root, REMOTE_DIR)], { maxBuffer: 16 * 1024 * 1024 });
        const byKey = (docs: any[]) => Object.fromEntries(docs.map((doc) => [`${doc.kind}/${doc.metadata.name}`, doc]));
        expect(byKey(documents())).toEqual(byKey(parseAllDocuments(stdout).map((document) => document.toJS())));
      });
    }
  });

  it('removes the directory of an entry that is gone when rendered again', async () => {
    writeFileSync(serversPath, JSON.stringify({ mcpServers: { everything: SERVERS.mcpServers.everything } }));
    syncPacks(root, { servers: await loadServersFile(root, serversPath, {}) });
    expect(existsSync(join(root, REMOTE_DIR, 'packs/memory'))).toBe(false);
    expect(readFileSync(join(root, COMPOSE_OVERRIDE), 'utf8')).not.toMatch(/memory/);
  });
});

describe('a servers file packs:sync cannot render', () => {
  const refusal = async (servers: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'packs-sync-bad-'));
    const path = join(dir, 'mcp.json');
    writeFileSync(path, typeof servers === 'string' ? servers : JSON.stringify(servers));
    try {
      await loadServersFile(repoRoot, path, {});
      return undefined;
    } catch (error) {
      return { message: (error as Error).message, path };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("is refused with the gateway's own line, naming the file and the entry", async () => {
    const clash = await refusal({ mcpServers: { quotes: { url: 'http://127.0.0.1:9/mcp' } } });
    expect(clash?.message).toBe(`invalid configuration:\n  MCP_SERVERS_FILE ${clash?.path} entry "quotes": the name clashes with the built-in pack "quotes"; rename the entry`);
    expect((await refusal('{ not json'))?.message).toMatch(/^invalid configuration:\n {2}MCP_SERVERS_FILE \S+: is not JSON \(/);
    expect((await refusal({ mcpServers: { old: { type: 'sse', url: 'http://127.0.0.1:9/sse' } } }))?.message).toMatch(/entry "old": unknown type "sse"/);
  });

  it('refuses a name nginx and Kubernetes cannot carry, though the gateway alone would serve it', async () => {
    const bad = await refusal({ mcpServers: { my_server: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer sekrit-value' } } } });
    expect(bad?.message).toMatch(/^invalid configuration:\n {2}MCP_SERVERS_FILE \S+ entry "my_server": .*must match/);
    expect(bad?.message).not.toMatch(/sekrit/);
  });
});
