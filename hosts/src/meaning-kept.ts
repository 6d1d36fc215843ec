import { isJson, type Json, type SentTool } from './providers/types.ts';

/** Keywords whose value must reach the model as published (additionalProperties aside: see below). */
const KEPT = ['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'format', 'default', 'description'];

const typeOf = (node: Json): unknown => (typeof node.type === 'string' ? node.type.toLowerCase() : node.type);

/**
 * The non-null part of a value that strict conversion made nullable (`anyOf: [X, {type: null}]`,
 * `type: [t, "null"]`, or Gemini's `nullable: true`), so it compares with the published X.
 */
function withoutNull(node: Json): { node: Json; nullable: boolean } {
  if (Array.isArray(node.anyOf) && node.anyOf.length === 2) {
    const rest = (node.anyOf as Json[]).filter((branch) => typeOf(branch) !== 'null');
    if (rest.length === 1) return { node: { ...node, ...rest[0], anyOf: undefined }, nullable: true };
  }
  if (Array.isArray(node.type) && node.type.includes('null') && node.type.length === 2) {
    return { node: { ...node, type: node.type.find((type) => type !== 'null') }, nullable: true };
  }
  return { node, nullable: node.nullable === true };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a host lost of a published input schema on the way to the model, as paths: a keyword gone
 * or changed, a property dropped, an optional argument made required without `null` allowed.
 * Not counted: `additionalProperties` (unknown keys are dropped when a tool is called, whatever a
 * host says of them), titles, and extra required arguments that may be `null` (strict conversion;
 * the gateway reads `null` as "not given").
 */
export function lostMeaning(published: Json, sent: Json, path = ''): string[] {
  const lost: string[] = [];
  const { node } = withoutNull(sent);
  const at = (key: string) => `${path || '(root)'}: ${key}`;
  if (published.type !== undefined && !same(published.type, typeOf(node))) lost.push(at(`type ${JSON.stringify(published.type)} sent as ${JSON.stringify(node.type)}`));
  for (const key of KEPT) {
    if (key in published && !same(published[key], node[key])) lost.push(at(`${key} ${node[key] === undefined ? 'dropped' : `changed to ${JSON.stringify(node[key])}`}`));
  }
  for (const key of ['oneOf', 'anyOf', 'allOf', 'not']) {
    if (key in published && !(key in node)) lost.push(at(`${key} dropped`));
  }
  const sentRequired = Array.isArray(node.required) ? (node.required as string[]) : [];
  const publishedRequired = Array.isArray(published.required) ? (published.required as string[]) : [];
  for (const name of publishedRequired) if (!sentRequired.includes(name)) lost.push(at(`"${name}" no longer required`));
  const sentProperties = isJson(node.properties) ? node.properties : {};
  for (const [name, schema] of Object.entries(isJson(published.properties) ? published.properties : {})) {
    const sub = sentProperties[name];
    if (!isJson(sub)) {
      lost.push(at(`property "${name}" dropped`));
      continue;
    }
    if (!publishedRequired.includes(name) && sentRequired.includes(name) && !withoutNull(sub).nullable) lost.push(at(`optional "${name}" made required`));
    if (isJson(schema)) lost.push(...lostMeaning(schema, sub, `${path}.${name}`));
  }
  if (isJson(published.items)) lost.push(...(isJson(node.items) ? lostMeaning(published.items, node.items, `${path}[]`) : [at('items dropped')]));
  for (const key of ['anyOf', 'oneOf']) {
    const branches = published[key];
    const sentBranches = node[key];
    if (Array.isArray(branches) && Array.isArray(sentBranches)) {
      if (branches.length !== sentBranches.length) lost.push(at(`${key} branches changed`));
      else branches.forEach((branch, index) => lost.push(...lostMeaning(branch as Json, sentBranches[index] as Json, `${path}|${index}`)));
    }
  }
  return lost;
}

/** Per published tool, what the host lost: a tool missing from the request is lost whole. */
export function alterations(published: { name: string; inputSchema: Json }[], sent: SentTool[]): string[] {
  return published.flatMap(({ name, inputSchema }) => {
    const tool = sent.find((candidate) => candidate.name === name);
    if (!tool) return [`${name}: not in the request`];
    // A tool without arguments declared without parameters (LangChain's way with Gemini) says the same.
    const noArguments = Object.keys(isJson(inputSchema.properties) ? inputSchema.properties : {}).length === 0;
    if (noArguments && Object.keys(tool.parameters).length === 0) return [];
    return lostMeaning(inputSchema, tool.parameters).map((what) => `${name} ${what}`);
  });
}
