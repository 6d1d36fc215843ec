import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readManifests } from '../src/manifest.mjs';
import { repoRoot, serversPathFrom, syncPacks } from '../src/sync.mjs';

describe('pnpm packs:sync', () => {
  it('has nothing to write in this checkout: every derived file is committed as the manifests say', () => {
    expect(syncPacks(repoRoot, { check: true })).toEqual([]);
  });

  it('names each swarm config after its file\'s content, so a changed nginx template is a new config', () => {
    const root = mkdtempSync(join(tmpdir(), 'packs-sync-config-'));
    try {
      for (const path of ['.env.example', 'docker-compose.yml', 'deploy', 'nginx', 'services']) {
        cpSync(join(repoRoot, path), join(root, path), { recursive: true, filter: (source) => !source.includes('node_modules') });
      }
      const before = parse(readFileSync(join(root, 'deploy/swarm/stack.yml'), 'utf8')).configs;
      // (The copy has no packages/, so the gateway's package.json differs in it either way.)
      const differing = syncPacks(root, { check: true });
      writeFileSync(join(root, 'nginx/health.js'), `${readFileSync(join(root, 'nginx/health.js'), 'utf8')}\n// changed\n`);
      expect(syncPacks(root, { check: true })).toEqual([...differing, 'deploy/swarm/stack.yml']);
      syncPacks(root);
      const after = parse(readFileSync(join(root, 'deploy/swarm/stack.yml'), 'utf8')).configs;
      const changed = Object.keys(after).filter((key) => !(key in before));
      expect(changed).toEqual([expect.stringMatching(/^nginx-health-[0-9a-f]{10}$/)]);
      expect(after[changed[0]!]).toEqual({ file: '../../nginx/health.js' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  describe('on a copy of the repository with a pack changed', () => {
    let root: string;
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'packs-sync-'));
      for (const path of ['.env.example', 'docker-compose.yml', 'deploy', 'nginx', 'services']) {
        cpSync(join(repoRoot, path), join(root, path), { recursive: true, filter: (source) => !source.includes('node_modules') });
      }
      const quotes = join(root, 'services/quotes/package.json');
      const json = JSON.parse(readFileSync(quotes, 'utf8'));
      json.toolgate.port = 9099;
      json.toolgate.env.QUOTES_EXTRA = { description: 'A new setting.', example: 'x', secret: true };
      writeFileSync(quotes, JSON.stringify(json, null, 2));
      rmSync(join(root, 'services/concert'), { recursive: true });
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('lists the files that differ with --check, and writes nothing', () => {
      const before = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
      expect(syncPacks(root, { check: true }).sort()).toEqual(
        [
          '.env.example',
          'deploy/base/config.yaml',
          'deploy/base/gateway/kustomization.yaml',
          'deploy/base/ingress.yaml',
          'deploy/base/kustomization.yaml',
          'deploy/base/packs/concert/kustomization.yaml',
          'deploy/base/packs/quotes/kustomization.yaml',
          'deploy/prometheus/prometheus.yml',
          'deploy/swarm/stack.yml',
          'docker-compose.yml',
          'services/gateway/package.json',
          'services/gateway/src/pack-modules.ts',
          'services/quotes/src/manifest-env.ts',
          'services/remote/src/built-in-packs.ts',
        ].sort(),
      );
      expect(readFileSync(join(root, 'docker-compose.yml'), 'utf8')).toBe(before);
    });

    it('writes them: the new port and variable everywhere, the removed pack nowhere', () => {
      syncPacks(root);
      expect(syncPacks(root, { check: true })).toEqual([]);
      const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
      expect(compose.services.quotes.environment).toMatchObject({ PORT: '9099', QUOTES_EXTRA: null });
      expect(compose.services.concert).toBeUndefined();
      expect(compose.services.nginx.environment.TOOLGATE_UPSTREAMS).not.toMatch(/concert/);
      expect(compose.services.nginx.environment.TOOLGATE_UPSTREAMS).toMatch(/quotes=quotes:9099/);
      expect(Object.keys(compose.services.nginx.depends_on)).toEqual([...readManifests(root).map((pack) => pack.name), 'gateway']);
      // The one-URL service serves every pack itself: every pack's variables, and no gone pack's.
      expect(compose.services.gateway.environment).toMatchObject({ QUOTES_EXTRA: null, QUOTES_DATA_DIR: null, CATALOG_PEERS: '' });
      expect(Object.keys(compose.services.gateway.environment).filter((name) => name.startsWith('BANDSINTOWN'))).toEqual([]);
      const oneUrl = readFileSync(join(root, 'deploy/base/gateway/kustomization.yaml'), 'utf8');
      expect(oneUrl).toMatch(/key: QUOTES_EXTRA/);
      expect(oneUrl).toMatch(/key: ALCHEMY_API_KEY/);
      expect(oneUrl).not.toMatch(/BANDSINTOWN/);
      expect(readFileSync(join(root, '.env.example'), 'utf8')).toMatch(/# Secret\. A new setting\.\n# QUOTES_EXTRA=x\n/);
      // The pack's env schema must now read it too (src/manifest-env.ts: test/manifest-env.test.ts).
      expect(readFileSync(join(root, 'services/quotes/src/manifest-env.ts'), 'utf8')).toMatch(/  QUOTES_DATA_DIR: unknown;\n.*\n  QUOTES_EXTRA: unknown;\n/);
      expect(readFileSync(join(root, 'deploy/base/packs/quotes/kustomization.yaml'), 'utf8')).toMatch(/key: QUOTES_EXTRA/);
      expect(readFileSync(join(root, 'deploy/base/kustomization.yaml'), 'utf8')).not.toMatch(/concert/);
      expect(compose['x-common-env'].CATALOG_PEERS).not.toMatch(/concert/);
      expect(compose['x-common-env'].CATALOG_PEERS).toMatch(/http:\/\/quotes:9099/);
      const scrape = parse(readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')).scrape_configs;
      const packJobs = scrape.filter((job: { job_name: string }) => job.job_name !== 'toolgate-gateway');
      expect(packJobs.map((job: { job_name: string }) => job.job_name)).toEqual(readManifests(root).map((pack) => `toolgate-${pack.name}`));
      expect(packJobs.find((job: { job_name: string }) => job.job_name === 'toolgate-quotes').dns_sd_configs).toEqual([{ names: ['quotes'], type: 'A', port: 9099 }]);
      expect(parse(readFileSync(join(root, 'deploy/base/config.yaml'), 'utf8')).data.CATALOG_PEERS).toBe(
        readManifests(root).map((pack) => `http://${pack.name}:8080`).join(','),
      );
      expect(readFileSync(join(root, 'services/gateway/src/pack-modules.ts'), 'utf8')).not.toMatch(/concert/);
      expect(JSON.parse(readFileSync(join(root, 'services/gateway/package.json'), 'utf8')).dependencies).not.toHaveProperty('@toolgate/concert');
      // The swarm stack: the new port and secret, no service, upstream or secret of the gone pack.
      const stack = parse(readFileSync(join(root, 'deploy/swarm/stack.yml'), 'utf8'), { merge: true });
      expect(stack.services.quotes.environment.PORT).toBe('9099');
      expect(stack.services.quotes.secrets).toEqual(['API_KEYS', 'API_KEYS_FILE', 'QUOTES_EXTRA']);
      expect(stack.secrets.QUOTES_EXTRA).toEqual({ file: '${TOOLGATE_SECRETS_DIR:-./secrets}/QUOTES_EXTRA' });
      expect(stack.services.concert).toBeUndefined();
      expect(Object.keys(stack.secrets)).not.toContain('BANDSINTOWN_APP_ID');
      expect(stack.services.nginx.environment.TOOLGATE_UPSTREAMS).toMatch(/quotes=tasks\.quotes:9099/);
      expect(stack.services.nginx.environment.TOOLGATE_UPSTREAMS).not.toMatch(/concert/);
      const remoteNames = readFileSync(join(root, 'services/remote/src/built-in-packs.ts'), 'utf8');
      expect(remoteNames).not.toMatch(/concert/);
      expect(remoteNames).toMatch(/'quotes'/);
    });
  });
});

describe('which servers file pnpm packs:sync renders', () => {
  it('takes --servers <file> before MCP_SERVERS_FILE, and renders none without either', () => {
    expect(serversPathFrom(['--servers', 'a.json'], { MCP_SERVERS_FILE: 'b.json' })).toBe('a.json');
    expect(serversPathFrom(['--check'], { MCP_SERVERS_FILE: ' b.json ' })).toBe('b.json');
    expect(serversPathFrom(['--check'], { MCP_SERVERS_FILE: '' })).toBeUndefined();
    expect(serversPathFrom([], {})).toBeUndefined();
  });

  it('refuses --servers without a path', () => {
    expect(() => serversPathFrom(['--servers'], {})).toThrow('--servers needs the path of an mcpServers file');
    expect(() => serversPathFrom(['--servers', '--check'], {})).toThrow('--servers needs the path of an mcpServers file');
  });
});
