import { splitIdentifier } from './split-identifier.ts';
import { synonymText, type SynonymGroups } from './synonyms.ts';

/** A tool as the index reads it: what `tools/list` says of it, and the pack that serves it. */
export interface SearchableTool {
  /** The pack serving it (`concert`, or a fronted server's entry name). */
  pack: string;
  /** Its own name at its pack's URL (`events`). */
  tool: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: Record<string, unknown> | undefined;
}

/** The fields a tool is indexed under, in this order everywhere. */
export const FIELDS = ['name', 'title', 'description', 'parameters', 'pack', 'synonyms'] as const;
export type FieldTexts = [name: string, title: string, description: string, parameters: string, pack: string, synonyms: string];

// A fronted server's text is untrusted: an index field reads at most this much of it, so one
// server's 1 MB description costs no more than a long honest one.
const MAX_FIELD_CHARS = 4_000;
const MAX_PROPERTIES = 64;
const MAX_SCHEMA_DEPTH = 3;

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, MAX_FIELD_CHARS) : '');

/** Parameter names (as words) and descriptions, nested objects' and array items' too, bounded in count and depth. */
export function parameterText(schema: unknown): string {
  const parts: string[] = [];
  let length = 0;
  let properties = 0;
  const visit = (node: unknown, depth: number) => {
    if (depth > MAX_SCHEMA_DEPTH || typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const record = node as Record<string, unknown>;
    if (depth > 0) push(text(record['description']));
    const props = record['properties'];
    if (typeof props === 'object' && props !== null && !Array.isArray(props)) {
      for (const [name, child] of Object.entries(props)) {
        if (properties++ >= MAX_PROPERTIES || length >= MAX_FIELD_CHARS) return;
        push(splitIdentifier(name));
        visit(child, depth + 1);
      }
    }
    visit(record['items'], depth + 1);
  };
  const push = (part: string) => {
    if (!part || length >= MAX_FIELD_CHARS) return;
    parts.push(part);
    length += part.length + 1;
  };
  visit(schema, 0);
  return parts.join(' ').slice(0, MAX_FIELD_CHARS);
}

/**
 * A tool's field texts. Its pack's synonym groups fill the synonyms field from what the tool says
 * it does (name, title, description), not from its parameters: most tools of a pack share
 * parameters (every chain tool takes a chain and an address), which would give every one of them
 * every synonym.
 */
export function fieldTexts(tool: SearchableTool, synonyms?: SynonymGroups): FieldTexts {
  const [name, title, description] = [splitIdentifier(tool.tool), text(tool.title), text(tool.description)];
  return [name, title, description, parameterText(tool.inputSchema), splitIdentifier(tool.pack), synonymText(synonyms, `${name} ${title} ${description}`)];
}
