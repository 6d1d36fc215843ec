import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { renderKustomization } from '../src/kustomize.ts';

// fixtures/kustomize: two packs as `pnpm packs:sync` writes them (one with a secret, one without)
// over a cut-down deploy/pack, and what real kustomize (v5.5.0, `kubectl kustomize base`) built
// from it. The tests read deploy/ through renderKustomization; this keeps it honest.
const fixture = fileURLToPath(new URL('./fixtures/kustomize/', import.meta.url));
const key = (doc: any) => `${doc.kind}/${doc.metadata.name}`;
const byKey = (docs: any[]) => Object.fromEntries(docs.map((doc) => [key(doc), doc]));

describe('renderKustomization (the subset of kustomize deploy/ uses)', () => {
  it('builds what kustomize built from the same files', () => {
    const recorded = parseAllDocuments(readFileSync(`${fixture}rendered-by-kustomize-5.5.0.yaml`, 'utf8')).map((document) => document.toJS());
    const rendered = renderKustomization(`${fixture}base`);
    expect(rendered.map(key).sort()).toEqual(recorded.map(key).sort());
    expect(byKey(rendered)).toEqual(byKey(recorded));
  });

  it('refuses a patch whose path the object does not have, instead of building something else', () => {
    expect(() => renderKustomization(`${fixture}broken`)).toThrow(/patch path \/spec\/nothing\/name does not exist in Deployment\/pack/);
  });
});
