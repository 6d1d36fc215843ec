import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';

// Rendered Kubernetes objects checked as a current API server would take them, offline: each
// against the OpenAPI schema of its type in Kubernetes 1.36 (kubernetes-models 5, whose 5.0.0 moved
// to the v1.36.0 schemas, compiled to validators), and, as `kubectl apply` does by default (strict
// field validation), with no field the type does not have. The schemas leave unknown fields
// alone, so the field names come from the same package's declarations of the same types, read
// with the TypeScript compiler.

type Model = new (data: any) => { validate(): void };

/** The types the manifests use, by apiVersion/kind: the model, and where its declaration is. */
const TYPES: Record<string, { model: Model; module: string; type: string }> = {
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1/Deployment', type: 'IDeployment' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1/Service', type: 'IService' },
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1/ConfigMap', type: 'IConfigMap' },
  'v1/Secret': { model: Secret, module: 'kubernetes-models/v1/Secret', type: 'ISecret' },
  'autoscaling/v2/HorizontalPodAutoscaler': { model: HorizontalPodAutoscaler, module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler', type: 'IHorizontalPodAutoscaler' },
  'policy/v1/PodDisruptionBudget': { model: PodDisruptionBudget, module: 'kubernetes-models/policy/v1/PodDisruptionBudget', type: 'IPodDisruptionBudget' },
  'networking.k8s.io/v1/Ingress': { model: Ingress, module: 'kubernetes-models/networking.k8s.io/v1/Ingress', type: 'IIngress' },
};

const here = fileURLToPath(new URL('.', import.meta.url));
let declared: { checker: ts.TypeChecker; roots: Map<string, ts.Type> } | undefined;

/** The declared type of each kind, from one small program that imports them all (built once). */
function declaredTypes() {
  if (declared) return declared;
  const entry = `${here}__kubernetes-types.ts`;
  const keys = Object.keys(TYPES);
  const source = [
    ...keys.map((key, index) => `import type { ${TYPES[key]!.type} as T${index} } from '${TYPES[key]!.module}';`),
    `export declare const roots: { ${keys.map((key, index) => `'${key}': T${index}`).join('; ')} };`,
  ].join('\n');
  const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (path) => (path === entry ? source : readFile(path));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (path) => path === entry || fileExists(path);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (path, language) => (path === entry ? ts.createSourceFile(path, source, language) : getSourceFile(path, language));
  const program = ts.createProgram([entry], options, host);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(entry)!;
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(file)!).find((candidate) => candidate.name === 'roots')!;
  const rootsType = checker.getTypeOfSymbol(symbol);
  const roots = new Map(keys.map((key) => [key, checker.getTypeOfSymbol(checker.getPropertyOfType(rootsType, key)!)]));
  for (const [key, type] of roots) if (checker.getPropertiesOfType(type).length === 0) throw new Error(`no declaration of ${key} found in ${TYPES[key]!.module}`);
  declared = { checker, roots };
  return declared;
}

/** Paths of the fields of `value` that `type` does not declare. */
function unknownFields(checker: ts.TypeChecker, value: unknown, declaredType: ts.Type, path: string, found: string[]): void {
  if (value === null || typeof value !== 'object') return;
  let type = checker.getNonNullableType(declaredType);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  // IntOrString and the like: an object value can only be the object member.
  if (type.isUnion()) type = type.types.find((member) => member.flags & ts.TypeFlags.Object) ?? type;
  if (Array.isArray(value)) {
    if (!checker.isArrayType(type)) return void found.push(`${path} (a list where the API has none)`);
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    value.forEach((item, index) => unknownFields(checker, item, element!, `${path}[${index}]`, found));
    return;
  }
  const index = checker.getIndexTypeOfType(type, ts.IndexKind.String);
  for (const [key, child] of Object.entries(value)) {
    const property = checker.getPropertyOfType(type, key);
    if (property) unknownFields(checker, child, checker.getTypeOfSymbol(property), `${path}.${key}`, found);
    else if (index) unknownFields(checker, child, index, `${path}.${key}`, found);
    else found.push(`${path}.${key}`);
  }
}

/**
 * What a Kubernetes 1.36 API server would refuse in one rendered object: a type this checker does
 * not know (nothing the manifests use is beta or removed), a schema violation, a field the type
 * does not have. Empty: it would be accepted.
 */
export function kubernetesProblems(doc: { apiVersion?: string; kind?: string; metadata?: { name?: string } }): string[] {
  const key = `${doc.apiVersion}/${doc.kind}`;
  const known = TYPES[key];
  if (!known) return [`${key}: not one of the API types checked here (${Object.keys(TYPES).join(', ')})`];
  const problems: string[] = [];
  try {
    new known.model(doc).validate();
  } catch (error) {
    problems.push(`${key} ${doc.metadata?.name}: ${(error as Error).message}`);
  }
  const { checker, roots } = declaredTypes();
  const unknown: string[] = [];
  unknownFields(checker, doc, roots.get(key)!, '', unknown);
  for (const path of unknown) problems.push(`${key} ${doc.metadata?.name}: unknown field ${path.slice(1)}`);
  return problems;
}
