import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { installed } from '../src/installed.ts';
import { composeValidator, documentedVariables } from '../src/compose-schema.ts';
import { interpolate, PACK_MANIFESTS, PRODUCT_PACKS, referencedVariables, repoRoot } from '../src/index.ts';

const run = promisify(execFile);
/** `docker stack config` checks a stack file against the schema `docker stack deploy` applies; it needs no engine. */
const hasDocker = installed('docker', ['stack', 'config', '--help']);
const raw = readFileSync(`${repoRoot}deploy/swarm/stack.yml`, 'utf8');
// Merge keys (`<<: *pack`) resolved, as `docker stack deploy` does.
const stack = parse(raw, { merge: true });
const documented = documentedVariables(readFileSync(`${repoRoot}.env.example`, 'utf8'));
const secretsOf = (pack: string) => PACK_MANIFESTS.find((manifest) => manifest.name === pack)!.env.filter((variable) => variable.secret).map((variable) => variable.name);
const PACK_SERVICES = [...PRODUCT_PACKS, 'gateway'];

/** Interpolated as `docker stack deploy` does, which also casts a port it has interpolated to a number. */
function interpolateStack(env: Record<string, string>): any {
  const result = interpolate(stack, env) as any;
  for (const service of Object.values<any>(result.services)) {
    for (const port of service.ports ?? []) port.published = Number(port.published);
  }
  return result;
}

describe('deploy/swarm/stack.yml', () => {
  const validate = composeValidator();

  it.each([
    ['nothing exported', {}],
    ['every documented example value exported', Object.fromEntries(documented)],
  ])('is valid against the Compose Specification schema (%s)', (_case, env) => {
    const valid = validate(interpolateStack(env));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  if (hasDocker) it('is accepted by `docker stack config`, which applies the schema of `docker stack deploy`', async () => {
    const { stdout } = await run('docker', ['stack', 'config', '-c', `${repoRoot}deploy/swarm/stack.yml`], { env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    const resolved = parse(stdout);
    expect(Object.keys(resolved.services).sort()).toEqual(Object.keys(stack.services).sort());
    expect(resolved.services.nginx.ports).toEqual([{ mode: 'host', target: 8080, published: 8080, protocol: 'tcp' }]);
  });

  it('names the compose images, under TOOLGATE_REGISTRY when the nodes pull them from a registry', () => {
    const images = (env: Record<string, string>) => PACK_SERVICES.map((name) => interpolateStack(env).services[name].image);
    expect(images({})).toEqual(PACK_SERVICES.map((name) => `toolgate/${name}:latest`));
    expect(images({ TOOLGATE_REGISTRY: 'registry.example.com:5000/', TOOLGATE_VERSION: '1.2.0' })).toEqual(PACK_SERVICES.map((name) => `registry.example.com:5000/toolgate/${name}:1.2.0`));
    const compose = parse(readFileSync(`${repoRoot}docker-compose.yml`, 'utf8'), { merge: true });
    for (const name of PACK_SERVICES) expect(stack.services[name].image).toBe(compose.services[name].image);
  });

  it('reads only variables that .env.example documents', () => {
    expect([...referencedVariables(stack, raw)].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('runs nginx, every pack, the gateway and Redis, each with a health check, a restart policy, limits, and update and rollback settings', () => {
    expect(Object.keys(stack.services).sort()).toEqual(['nginx', ...PACK_SERVICES, 'redis'].sort());
    for (const [name, service] of Object.entries<any>(stack.services)) {
      expect([name, service.healthcheck?.test?.length]).toEqual([name, expect.any(Number)]);
      expect([name, service.deploy.restart_policy.condition]).toEqual([name, 'any']);
      expect([name, service.deploy.resources.limits.memory]).toEqual([name, expect.stringMatching(/^\d+M$/)]);
      for (const policy of ['update_config', 'rollback_config']) {
        expect([name, policy, service.deploy[policy]]).toEqual([name, policy, expect.objectContaining({ parallelism: 1, monitor: expect.any(String) })]);
      }
      expect([name, service.deploy.update_config.failure_action]).toEqual([name, 'rollback']);
      expect([name, service.read_only, service.cap_drop]).toEqual([name, true, ['ALL']]);
    }
  });

  it('rolls each pack and the gateway one task at a time, the new one started before the old one stops, two of each', () => {
    for (const name of PACK_SERVICES) {
      const { deploy } = stack.services[name];
      expect([name, deploy.replicas, deploy.endpoint_mode]).toEqual([name, 2, 'dnsrr']);
      expect([name, deploy.update_config.order, deploy.rollback_config.order]).toEqual([name, 'start-first', 'start-first']);
      // The task keeps serving for DRAIN_DELAY_MS after SIGTERM, then drains for up to SHUTDOWN_TIMEOUT_MS (10 s by default).
      const grace = Number.parseInt(stack.services[name].stop_grace_period, 10) * 1000;
      expect(grace).toBeGreaterThan(Number(interpolate(stack['x-common-env'].DRAIN_DELAY_MS, {})) + 10_000);
    }
    // nginx holds the host's port on its node: the old one must let go of it first.
    expect(stack.services.nginx.deploy.update_config.order).toBe('stop-first');
    expect(stack.services.redis.deploy.replicas).toBe(1);
  });

  it('publishes nginx alone, in host mode (no routing mesh), one per node', () => {
    expect(stack.services.nginx.ports).toEqual([{ target: 8080, published: '${TOOLGATE_HTTP_PORT:-8080}', protocol: 'tcp', mode: 'host' }]);
    expect(stack.services.nginx.deploy.mode).toBe('global');
    for (const name of [...PACK_SERVICES, 'redis']) expect([name, stack.services[name].ports]).toEqual([name, undefined]);
  });

  it('points nginx at every task of every pack and of the gateway through tasks.<service>, re-resolved', () => {
    const env = stack.services.nginx.environment;
    expect([env.NGINX_RESOLVER, env.NGINX_UPSTREAM_SERVER_PARAMS]).toEqual(['127.0.0.11', 'resolve']);
    expect(env.TOOLGATE_UPSTREAMS.split(' ')).toEqual(PRODUCT_PACKS.map((pack) => `${pack}=tasks.${pack}:${stack.services[pack].environment.PORT}`));
    expect(env.TOOLGATE_ONE_URL).toBe(`tasks.gateway:${stack.services.gateway.environment.PORT}`);
  });

  it.each(PRODUCT_PACKS)('gives %s its own settings as environment and its own keys as secrets, never a key in the environment', (pack) => {
    const service = stack.services[pack];
    const own = PACK_MANIFESTS.find((manifest) => manifest.name === pack)!.env;
    expect(Object.keys(service.environment)).toEqual(expect.arrayContaining(own.filter((variable) => !variable.secret).map((variable) => variable.name)));
    expect(service.secrets).toEqual(['API_KEYS', 'API_KEYS_FILE', ...secretsOf(pack)]);
    const secrets = PACK_MANIFESTS.flatMap((manifest) => secretsOf(manifest.name));
    expect(Object.keys(service.environment).filter((name) => [...secrets, 'API_KEYS', 'API_KEYS_FILE'].includes(name))).toEqual([]);
  });

  it('gives the gateway every pack\'s settings and secrets, and no peers on its page', () => {
    const gateway = stack.services.gateway;
    expect(gateway.secrets).toEqual(['API_KEYS', 'API_KEYS_FILE', ...PRODUCT_PACKS.flatMap(secretsOf)]);
    expect(gateway.environment.CATALOG_PEERS).toBe('');
    expect(gateway.deploy.resources.limits.memory).toBe('512M');
  });

  it('declares each secret as a file of TOOLGATE_SECRETS_DIR named as its variable, and each config as a file of the repository whose name carries its content\'s hash', () => {
    const used = new Set(Object.values<any>(stack.services).flatMap((service) => service.secrets ?? []));
    expect(Object.keys(stack.secrets).sort()).toEqual([...used].sort());
    for (const [name, secret] of Object.entries<any>(stack.secrets)) expect(secret).toEqual({ file: `\${TOOLGATE_SECRETS_DIR:-./secrets}/${name}` });
    for (const [name, config] of Object.entries<any>(stack.configs)) {
      const content = readFileSync(join(`${repoRoot}deploy/swarm`, config.file));
      expect([name, content.length > 0]).toEqual([name, true]);
      expect(name).toMatch(/^[a-z-]+-[0-9a-f]{10}$/);
    }
    const targets = Object.values<any>(stack.services).flatMap((service) => (service.configs ?? []).map((config: { source: string }) => config.source));
    expect(new Set(targets)).toEqual(new Set(Object.keys(stack.configs)));
  });
});

describe('deploy/swarm/secrets-entrypoint.sh', () => {
  const script = `${repoRoot}deploy/swarm/secrets-entrypoint.sh`;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolgate-secrets-'));
    writeFileSync(join(dir, 'ALCHEMY_API_KEY'), 'alk-123\n');
    writeFileSync(join(dir, 'API_KEYS'), 'one,two');
    writeFileSync(join(dir, 'API_KEYS_FILE'), 'keys:\n  - name: a\n');
    writeFileSync(join(dir, 'BRAWLSTARS_API_TOKEN'), '\n');
    writeFileSync(join(dir, 'lower_case'), 'x');
    writeFileSync(join(dir, 'NOT-A-NAME'), 'x');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exports each secret as its variable (a _FILE one as its path), leaves a blank one unset, then runs the command', async () => {
    const { stdout } = await run('sh', [script, 'env'], { env: { PATH: process.env.PATH, TOOLGATE_SECRETS_PATH: dir, BRAWLSTARS_API_TOKEN: 'from-env' } });
    const env = Object.fromEntries(stdout.split('\n').filter(Boolean).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    expect(env).toMatchObject({ ALCHEMY_API_KEY: 'alk-123', API_KEYS: 'one,two', API_KEYS_FILE: join(dir, 'API_KEYS_FILE'), BRAWLSTARS_API_TOKEN: 'from-env' });
    expect(Object.keys(env).filter((name) => /lower|NOT/.test(name))).toEqual([]);
  });

  it('runs the command with no secrets at all', async () => {
    const { stdout } = await run('sh', [script, 'echo', 'ran'], { env: { PATH: process.env.PATH, TOOLGATE_SECRETS_PATH: join(dir, 'none') } });
    expect(stdout).toBe('ran\n');
  });
});
