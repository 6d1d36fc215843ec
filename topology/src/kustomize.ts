import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

// The part of kustomize that deploy/ uses (resources, labels, images, JSON 6902 patches),
// so that tests read the manifests as `kubectl apply -k` would without needing kubectl.
// test/kustomize.test.ts pins it to real kustomize output recorded from a fixture.

type Doc = Record<string, any>;

interface Kustomization {
  resources?: string[];
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { target: { kind?: string; name?: string }; patch: string }[];
}

/** The objects `kustomize build <dir>` would print (in file order, not kustomize's kind order). */
export function renderKustomization(dir: string): Doc[] {
  const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const docs = (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(dir, resource);
    if (statSync(path).isDirectory()) return renderKustomization(path);
    return parseAllDocuments(readFileSync(path, 'utf8')).map((document) => document.toJS() as Doc);
  });
  for (const { target, patch } of kustomization.patches ?? []) {
    const operations = parse(patch) as { op: 'add' | 'replace' | 'remove' | 'test'; path: string; value: unknown }[];
    for (const doc of docs.filter((candidate) => matches(candidate, target))) for (const operation of operations) applyOperation(doc, operation);
  }
  for (const { pairs, includeSelectors } of kustomization.labels ?? []) for (const doc of docs) addLabels(doc, pairs, includeSelectors ?? false);
  for (const image of kustomization.images ?? []) for (const doc of docs) setImage(doc, image);
  return docs;
}

const matches = (doc: Doc, target: { kind?: string; name?: string }) =>
  (target.kind === undefined || doc.kind === target.kind) && (target.name === undefined || doc.metadata?.name === target.name);

/** RFC 6902 `add`, `replace`, `remove` and `test` (`-` appends to an array); no escaped path segments. */
function applyOperation(doc: Doc, { op, path, value }: { op: string; path: string; value: unknown }): void {
  const keys = path.split('/').slice(1);
  const last = keys.pop()!;
  let parent: any = doc;
  for (const key of keys) {
    parent = parent?.[Array.isArray(parent) ? Number(key) : key];
    if (parent === undefined) throw new Error(`patch path ${path} does not exist in ${doc.kind}/${doc.metadata?.name}`);
  }
  if (op === 'add' && Array.isArray(parent)) {
    if (last === '-') parent.push(value);
    else parent.splice(Number(last), 0, value);
  } else if (op === 'add' || op === 'replace') {
    if (op === 'replace' && !(last in parent)) throw new Error(`patch path ${path} does not exist in ${doc.kind}/${doc.metadata?.name}`);
    parent[Array.isArray(parent) ? Number(last) : last] = value;
  } else if (op === 'remove' || op === 'test') {
    if (!(last in parent)) throw new Error(`patch path ${path} does not exist in ${doc.kind}/${doc.metadata?.name}`);
    const key = Array.isArray(parent) ? Number(last) : last;
    if (op === 'test' && JSON.stringify(parent[key]) !== JSON.stringify(value)) throw new Error(`patch test failed: ${path} is ${JSON.stringify(parent[key])}, not ${JSON.stringify(value)}`);
    if (op === 'remove') Array.isArray(parent) ? parent.splice(key as number, 1) : delete parent[key];
  } else throw new Error(`unsupported patch operation ${op}`);
}

/** kustomize's `labels`: metadata always; with includeSelectors, the selectors and pod templates too. */
function addLabels(doc: Doc, pairs: Record<string, string>, includeSelectors: boolean): void {
  doc.metadata.labels = { ...doc.metadata.labels, ...pairs };
  if (!includeSelectors) return;
  const spec = doc.spec;
  if (doc.kind === 'Deployment') {
    spec.selector = { ...spec.selector, matchLabels: { ...spec.selector?.matchLabels, ...pairs } };
    spec.template.metadata = { ...spec.template.metadata, labels: { ...spec.template.metadata?.labels, ...pairs } };
  }
  if (doc.kind === 'Service') spec.selector = { ...spec.selector, ...pairs };
  if (doc.kind === 'PodDisruptionBudget' && spec.selector?.matchLabels) spec.selector.matchLabels = { ...spec.selector.matchLabels, ...pairs };
}

function setImage(doc: Doc, image: { name: string; newName?: string; newTag?: string }): void {
  for (const container of doc.kind === 'Deployment' ? doc.spec.template.spec.containers : []) {
    const [name, tag] = (container.image as string).split(':');
    if (name !== image.name) continue;
    const newTag = image.newTag ?? tag;
    container.image = `${image.newName ?? name}${newTag ? `:${newTag}` : ''}`;
  }
}
