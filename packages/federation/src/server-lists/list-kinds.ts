import { z } from 'zod';

/** One entry of a server's list, as toolgate passes it on: verbatim, known by its key. */
export type ListedEntry = { readonly [field: string]: unknown };

/**
 * One of the four lists a server gives: how it is asked for, what an entry must hold to be
 * served (loose on purpose: passed on verbatim), and the field that names an entry (its key:
 * two entries with one key are one too many).
 */
export interface ListKind {
  readonly method: 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';
  /** The result's array: `tools`, `prompts`, `resources`, `resourceTemplates`. */
  readonly field: string;
  /** What an entry is called in messages: "tool", "prompt", … */
  readonly noun: string;
  readonly key: string;
  readonly schema: z.ZodType;
  /** What the schema asks, said to the operator when an entry is not one. */
  readonly shape: string;
}

export const TOOLS: ListKind = {
  method: 'tools/list',
  field: 'tools',
  noun: 'tool',
  key: 'name',
  schema: z.looseObject({ name: z.string().min(1), inputSchema: z.looseObject({}) }),
  shape: 'a name and an inputSchema object',
};

export const PROMPTS: ListKind = {
  method: 'prompts/list',
  field: 'prompts',
  noun: 'prompt',
  key: 'name',
  schema: z.looseObject({ name: z.string().min(1) }),
  shape: 'a name',
};

export const RESOURCES: ListKind = {
  method: 'resources/list',
  field: 'resources',
  noun: 'resource',
  key: 'uri',
  schema: z.looseObject({ uri: z.string().min(1), name: z.string() }),
  shape: 'a uri and a name',
};

export const RESOURCE_TEMPLATES: ListKind = {
  method: 'resources/templates/list',
  field: 'resourceTemplates',
  noun: 'resource template',
  key: 'uriTemplate',
  schema: z.looseObject({ uriTemplate: z.string().min(1), name: z.string() }),
  shape: 'a uriTemplate and a name',
};

/** The key of a listed entry (its name, uri or uriTemplate). */
export const keyOf = (kind: ListKind, entry: ListedEntry): string => entry[kind.key] as string;
