import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { composeValidator, documentedVariables } from '../src/compose-schema.ts';
import { interpolate, PACK_MANIFESTS, PRODUCT_PACKS, referencedVariables, repoRoot } from '../src/index.ts';

const raw = readFileSync(`${repoRoot}docker-compose.yml`, 'utf8');
const envExample = readFileSync(`${repoRoot}.env.example`, 'utf8');
// Merge keys (`<<: *pack`) resolved, as compose does.
const parsed = parse(raw, { merge: true });

/** Every variable .env.example documents, with its example value. */
const documented = documentedVariables(envExample);

describe('docker-compose.yml', () => {
  const validate = composeValidator();

  it.each([
    ['no .env', {}],
    ['every documented example value set', Object.fromEntries(documented)],
  ])('is valid against the Compose Specification schema (%s)', (_case, env) => {
    const valid = validate(interpolate(parsed, env));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema is really applied: a misspelt key or a bad duration is rejected', () => {
    const broken = structuredClone(interpolate(parsed, {})) as any;
    broken.services.quotes.restart_policy = 'always';
    broken.services.chain.healthcheck.interval = 'ten seconds';
    expect(validate(broken)).toBe(false);
    expect(validate.errors!.map((error) => error.instancePath)).toEqual(
      expect.arrayContaining(['/services/quotes', '/services/chain/healthcheck/interval']),
    );
  });

  it('runs nginx plus one service per pack and the gateway, each with a health check and a restart policy', () => {
    expect(Object.keys(parsed.services).sort()).toEqual(['nginx', ...PRODUCT_PACKS, 'gateway', 'redis', 'prometheus'].sort());
    for (const [name, service] of Object.entries<any>(parsed.services)) {
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
      expect([name, service.healthcheck?.test?.length]).toEqual([name, expect.any(Number)]);
    }
  });

  it('can scale every pack and the gateway: no published ports, no fixed container names; nginx alone is published', () => {
    for (const pack of [...PRODUCT_PACKS, 'gateway']) {
      expect(parsed.services[pack].ports).toBeUndefined();
      expect(parsed.services[pack].container_name).toBeUndefined();
      expect(parsed.services[pack].build.args.PACK).toBe(pack);
    }
    expect(parsed.services.nginx.ports).toEqual(['${TOOLGATE_HTTP_PORT:-8080}:8080']);
  });

  it('points nginx at every pack by service name, re-resolved through Docker DNS (so --scale replicas are found)', () => {
    const env = parsed.services.nginx.environment;
    expect(env.NGINX_RESOLVER).toBe('127.0.0.11');
    expect(env.NGINX_UPSTREAM_SERVER_PARAMS).toBe('resolve');
    const entries = (env.TOOLGATE_UPSTREAMS as string).split(' ');
    for (const pack of PRODUCT_PACKS) {
      const port = parsed.services[pack].environment.PORT;
      expect(entries).toContain(`${pack}=${pack}:${port}`);
    }
  });

  it('sends /mcp to the gateway service, which reads every pack\'s variables and is scraped at its port', () => {
    const gateway = parsed.services.gateway;
    expect(parsed.services.nginx.environment.TOOLGATE_ONE_URL).toBe(`gateway:${gateway.environment.PORT}`);
    expect(Object.keys(parsed.services.nginx.depends_on)).toContain('gateway');
    for (const manifest of PACK_MANIFESTS) {
      for (const variable of manifest.env) expect([variable.name, variable.name in gateway.environment]).toEqual([variable.name, true]);
    }
    expect(gateway.environment.CATALOG_PEERS).toBe('');
    const scrape = parse(readFileSync(`${repoRoot}deploy/prometheus/prometheus.yml`, 'utf8')).scrape_configs;
    expect(scrape.find((job: { job_name: string }) => job.job_name === 'toolgate-gateway').dns_sd_configs).toEqual([{ names: ['gateway'], type: 'A', port: Number(gateway.environment.PORT) }]);
  });

  it('gives every pack and the gateway the keys directory (API_KEYS_FILE) read-only, and the policy settings', () => {
    for (const service of [...PRODUCT_PACKS, 'gateway']) {
      expect([service, parsed.services[service].volumes]).toEqual([service, ['${TOOLGATE_KEYS_DIR:-./deploy/keys}:/etc/toolgate-keys:ro']]);
      for (const name of ['API_KEYS_FILE', 'AUDIT_LOG', 'AUDIT_ARGUMENTS']) expect([service, name in parsed.services[service].environment]).toEqual([service, true]);
    }
    // The directory is in the repository, its files are not (git ignores everything in it but that rule).
    expect(readFileSync(`${repoRoot}deploy/keys/.gitignore`, 'utf8')).toMatch(/^\*$/m);
  });

  it('keeps Redis behind a profile, so it runs only when shared caching is wanted', () => {
    expect(parsed.services.redis.profiles).toEqual(['redis']);
  });

  it('runs Prometheus only in the observability profile, on loopback, with a config that scrapes every pack at its port', () => {
    const prometheus = parsed.services.prometheus;
    expect(prometheus.profiles).toEqual(['observability']);
    expect(prometheus.ports).toEqual(['127.0.0.1:${TOOLGATE_PROMETHEUS_PORT:-9090}:9090']);
    expect(prometheus.volumes).toContain('./deploy/prometheus:/etc/toolgate/prometheus:ro');
    const config = parse(readFileSync(`${repoRoot}deploy/prometheus/prometheus.yml`, 'utf8'));
    expect(config.rule_files).toEqual(['alerts.yml']);
    for (const pack of PRODUCT_PACKS) {
      const job = config.scrape_configs.find((candidate: { job_name: string }) => candidate.job_name === `toolgate-${pack}`);
      expect([pack, job?.dns_sd_configs]).toEqual([pack, [{ names: [pack], type: 'A', port: Number(parsed.services[pack].environment.PORT) }]]);
    }
  });

  it.each(PRODUCT_PACKS)('gives %s its own variables and no other pack\'s', (pack) => {
    const own = (name: string) => PACK_MANIFESTS.find((manifest) => manifest.name === name)!.env.map((variable) => variable.name);
    const environment = Object.keys(parsed.services[pack].environment);
    expect(environment).toEqual(expect.arrayContaining(own(pack)));
    const others = PRODUCT_PACKS.filter((name) => name !== pack).flatMap(own);
    expect(environment.filter((name) => others.includes(name))).toEqual([]);
  });

  it('reads only variables that .env.example documents', () => {
    const undocumented = [...referencedVariables(parsed, raw)].filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
  });
});

describe('.env.example', () => {
  // The operator interface: these names are part of the product (the server's own, and each
  // pack's from its manifest, with its <NAME>_SEGMENT).
  const OPERATOR_INTERFACE = [
    'PORT', 'HOST', 'TOOLGATE_PACKS', 'UPSTREAM_TIMEOUT_MS', 'REDIS_URL', 'ALLOWED_ORIGINS', 'API_KEYS', 'RATE_LIMIT_PER_MINUTE', 'LOG_LEVEL',
    ...PACK_MANIFESTS.flatMap((pack) => [`${pack.name.toUpperCase()}_SEGMENT`, ...pack.env.map((variable) => variable.name)]),
  ];

  it('documents every variable of the operator interface', () => {
    expect(OPERATOR_INTERFACE.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('changes nothing when copied as is: every setting is commented out', () => {
    expect(envExample.split('\n').filter((line) => /^[A-Z]/.test(line))).toEqual([]);
  });
});
