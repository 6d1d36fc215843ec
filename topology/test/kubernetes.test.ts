import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { PACK_MANIFESTS, PRODUCT_PACKS, repoRoot } from '../src/index.ts';
import { kubernetesProblems } from '../src/kubernetes-schema.ts';
import { renderKustomization } from '../src/kustomize.ts';

const base = `${repoRoot}deploy/base`;
const kustomization = parse(readFileSync(`${base}/kustomization.yaml`, 'utf8'));

// What `kubectl apply -k deploy/base` applies: deploy/pack once per pack, named by its kustomization.
const documents: any[] = renderKustomization(base);
const find = (kind: string, name: string) => documents.find((doc) => doc.kind === kind && doc.metadata.name === name);

describe('deploy/base (kustomize)', () => {
  it('lists every manifest file in the directory and one kustomization per pack, nothing else', () => {
    const files = readdirSync(base).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    const packs = PRODUCT_PACKS.map((pack) => `packs/${pack}`);
    expect([...kustomization.resources].sort()).toEqual([...files, ...packs, 'gateway'].sort());
    expect(readdirSync(`${base}/packs`).sort()).toEqual([...PRODUCT_PACKS].sort());
    expect(documents.filter((doc) => doc.kind === 'Deployment').map((doc) => doc.metadata.name)).toEqual([...PRODUCT_PACKS, 'gateway']);
  });

  it('every object is one a Kubernetes 1.36 API server accepts: valid against its type\'s schema, no field the type lacks', () => {
    expect(documents.length).toBe(2 + 4 * (PRODUCT_PACKS.length + 1)); // config, ingress, and four objects per pack and for the gateway
    expect(documents.flatMap(kubernetesProblems)).toEqual([]);
  });

  it('the check is really applied: a wrong type, a misspelt field and a type no current release serves are refused', () => {
    const broken = structuredClone(find('Deployment', 'quotes'));
    broken.spec.replicas = 'two';
    broken.spec.strategy.rollingUpdate.maxUnavailible = 0;
    broken.spec.template.spec.containers[0].readinesProbe = broken.spec.template.spec.containers[0].readinessProbe;
    expect(kubernetesProblems(broken)).toEqual([
      'apps/v1/Deployment quotes: data/spec/replicas must be integer',
      'apps/v1/Deployment quotes: unknown field spec.strategy.rollingUpdate.maxUnavailible',
      'apps/v1/Deployment quotes: unknown field spec.template.spec.containers[0].readinesProbe',
    ]);
    // Free-form maps stay free: any label, any annotation, any resource name.
    const labelled = structuredClone(find('Deployment', 'quotes'));
    labelled.metadata.annotations = { 'example.com/any': 'x' };
    expect(kubernetesProblems(labelled)).toEqual([]);
    expect(kubernetesProblems({ ...find('Ingress', 'toolgate'), apiVersion: 'extensions/v1beta1' })).toEqual([expect.stringMatching(/^extensions\/v1beta1\/Ingress: not one of the API types/)]);
  });

  it.each([...PRODUCT_PACKS, 'gateway'])('%s: a rolling update never takes a ready pod away before its replacement is ready, and a stopping pod drains', (pack) => {
    const deployment = find('Deployment', pack);
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    // Surge one new pod, remove none until it is ready (readiness on /readyz gates it).
    expect(deployment.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } });
    expect(container.readinessProbe).toMatchObject({ httpGet: { path: '/readyz', port: 'http' } });
    expect(container.startupProbe.httpGet.path).toBe('/healthz');
    // A stopping pod keeps serving while its endpoint leaves every proxy (preStop), then SIGTERM
    // drains its calls (SHUTDOWN_TIMEOUT_MS, 10 s by default): both inside the grace period.
    const [command, seconds] = container.lifecycle.preStop.exec.command;
    expect(command).toBe('sleep');
    expect(Number(seconds)).toBeGreaterThanOrEqual(5);
    const shutdown = Number(find('ConfigMap', 'toolgate-config').data.SHUTDOWN_TIMEOUT_MS ?? 10_000) / 1000;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + shutdown);
    // Voluntary disruptions (a node drain) leave one pod, and can still proceed with the minimum of two.
    const pdb = find('PodDisruptionBudget', pack).spec;
    expect(pdb.minAvailable).toBeGreaterThanOrEqual(1);
    expect(pdb.minAvailable).toBeLessThan(find('HorizontalPodAutoscaler', pack).spec.minReplicas);
  });

  it.each([...PRODUCT_PACKS, 'gateway'])('%s: Deployment, Service, HPA and disruption budget fit together', (pack) => {
    const deployment = find('Deployment', pack);
    const service = find('Service', pack);
    const hpa = find('HorizontalPodAutoscaler', pack);
    const pdb = find('PodDisruptionBudget', pack);
    const pod = deployment.spec.template;
    const [container] = pod.spec.containers;

    expect(deployment.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': pack });
    expect(pod.metadata.labels).toMatchObject(service.spec.selector);
    expect(pod.metadata.labels).toMatchObject(pdb.spec.selector.matchLabels);
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: pack });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);

    const port = container.ports.find((entry: any) => entry.name === 'http').containerPort;
    expect(container.env).toEqual(expect.arrayContaining([{ name: 'PORT', value: String(port) }, { name: 'HOST', value: '0.0.0.0' }]));
    expect(service.spec.ports).toEqual([{ name: 'http', port, targetPort: 'http' }]);
    expect(container.image).toBe(`toolgate/${pack}:latest`);
    expect(kustomization.images.map((image: any) => image.name)).toContain(`toolgate/${pack}`);

    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true });
    // API_KEYS_FILE's directory: the toolgate-keys Secret, optional, read-only.
    expect(pod.spec.volumes).toContainEqual({ name: 'keys', secret: { secretName: 'toolgate-keys', optional: true } });
    expect(container.volumeMounts).toContainEqual({ name: 'keys', mountPath: '/etc/toolgate-keys', readOnly: true });
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
  });

  it.each(PRODUCT_PACKS)('%s: config and secrets come by reference, secrets optional and never inline', (pack) => {
    const [container] = find('Deployment', pack).spec.template.spec.containers;
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'toolgate-config' } }]);
    expect(find('ConfigMap', 'toolgate-config')).toBeDefined();
    for (const variable of container.env.filter((entry: any) => entry.valueFrom)) {
      expect(variable.valueFrom.secretKeyRef).toEqual({ name: 'toolgate-secrets', key: variable.name, optional: true });
    }
    expect(container.env.filter((entry: any) => /KEY|TOKEN|APP_ID|REDIS/.test(entry.name) && entry.value !== undefined)).toEqual([]);
    // Exactly the gateway-wide secrets (keys, Redis, the state secret) and the ones the pack's manifest marks secret.
    const secrets = PACK_MANIFESTS.find((manifest) => manifest.name === pack)!.env.filter((variable) => variable.secret).map((variable) => variable.name);
    expect(container.env.filter((entry: any) => entry.valueFrom).map((entry: any) => entry.name).sort()).toEqual(['API_KEYS', 'REDIS_URL', 'STATE_SECRET', ...secrets].sort());
    expect(documents.filter((doc) => doc.kind === 'Secret')).toEqual([]);
  });

  it('the gateway (every pack in one process) reads every pack\'s secrets, and shows no peers on its page', () => {
    const [container] = find('Deployment', 'gateway').spec.template.spec.containers;
    const secrets = PACK_MANIFESTS.flatMap((manifest) => manifest.env.filter((variable) => variable.secret).map((variable) => variable.name));
    expect(secrets.length).toBeGreaterThan(0);
    expect(container.env.filter((entry: any) => entry.valueFrom).map((entry: any) => entry.name).sort()).toEqual(['API_KEYS', 'REDIS_URL', 'STATE_SECRET', ...secrets].sort());
    // An env entry wins over envFrom's ConfigMap, whose CATALOG_PEERS is for a pack's page.
    expect(container.env).toContainEqual({ name: 'CATALOG_PEERS', value: '' });
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'toolgate-config' } }]);
  });

  it('the Ingress routes each /<pack>/mcp and its OAuth metadata to that pack\'s Service port, and /mcp\'s to the gateway\'s', () => {
    const all = find('Ingress', 'toolgate').spec.rules.flatMap((rule: any) => rule.http.paths);
    const paths = all.filter((path: any) => path.path.endsWith('/mcp'));
    const endpoints = [...PRODUCT_PACKS.map((pack) => `/${pack}/mcp`), '/mcp'];
    const metadata = endpoints.map((endpoint) => `/.well-known/oauth-protected-resource${endpoint}`);
    expect(paths.map((path: any) => path.path).sort()).toEqual([...endpoints, ...metadata].sort());
    for (const path of paths) {
      const endpoint = path.path.replace('/.well-known/oauth-protected-resource', '');
      const pack = endpoint === '/mcp' ? 'gateway' : endpoint.split('/')[1];
      expect(path.pathType).toBe('Exact');
      expect(path.backend.service.name).toBe(pack);
      const service = find('Service', pack);
      expect(service.spec.ports.map((port: any) => port.name)).toContain(path.backend.service.port.name);
    }
  });

  it('the Ingress sends the catalog page and its assets to the gateway; a pack\'s page would list the others as CATALOG_PEERS', () => {
    const paths = find('Ingress', 'toolgate').spec.rules.flatMap((rule: any) => rule.http.paths);
    const page = paths.filter((path: any) => !path.path.endsWith('/mcp'));
    expect(page.map((path: any) => [path.path, path.pathType])).toEqual([
      ['/', 'Exact'],
      ['/_toolgate/page', 'Prefix'],
    ]);
    expect(page.map((path: any) => path.backend.service.name)).toEqual(['gateway', 'gateway']);
    const peers = String(find('ConfigMap', 'toolgate-config').data.CATALOG_PEERS).split(',');
    for (const pack of PRODUCT_PACKS) {
      const port = find('Service', pack).spec.ports.find((entry: any) => entry.name === 'http').port;
      expect(peers).toContain(`http://${pack}:${port}`);
    }
  });
});
