import type { z } from 'zod';
import type { Completers } from './completion.ts';
import type { ToolContext } from './tool.ts';

/** MCP resource annotations: who the content is for and how much it matters. */
export interface ResourceAnnotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

/** What a read returns: text (JSON, Markdown, HTML) or base64 bytes; the uri and mimeType are the resource's unless given. */
export type ResourceBody = ({ text: string } | { blob: string }) & { mimeType?: string; uri?: string };

interface ResourceCommon {
  name: string;
  title: string;
  description: string;
  mimeType: string;
  annotations?: ResourceAnnotations;
  /** Passed on as the resource's `_meta` (an MCP App's `ui` settings, say). */
  meta?: Record<string, unknown>;
}

/** A resource at a fixed URI, one per file under a pack's `resources/`. */
export interface ResourceDefinition extends ResourceCommon {
  kind: 'resource';
  uri: string;
  read(context: ToolContext): Promise<ResourceBody | ResourceBody[]>;
}

export type TemplateVariables = z.ZodObject<Record<string, z.ZodType<string | undefined>>>;

/**
 * Resources named by a URI template (RFC 6570, `{name}` variables): `quotes://quote/{id}`. The
 * variables are checked against their zod schema before `read`; `complete` offers values for
 * `completion/complete` (`ref/resource`).
 */
export interface ResourceTemplateDefinition<Vars extends TemplateVariables = TemplateVariables> extends ResourceCommon {
  kind: 'template';
  uriTemplate: string;
  variables: Vars;
  complete?: Completers<z.infer<Vars>>;
  read(variables: z.infer<Vars>, context: ToolContext): Promise<ResourceBody | ResourceBody[]>;
}

export type AnyResourceDefinition = ResourceDefinition | ResourceTemplateDefinition;

export function defineResource(definition: Omit<ResourceDefinition, 'kind'>): ResourceDefinition {
  return { ...definition, kind: 'resource' };
}

export function defineResourceTemplate<Vars extends TemplateVariables>(definition: Omit<ResourceTemplateDefinition<Vars>, 'kind'>): ResourceTemplateDefinition<Vars> {
  return { ...definition, kind: 'template' };
}

/**
 * Thrown by a read whose URI matches a template but names nothing (an unknown quote id): the
 * client gets the revision's resource-not-found error with the URI, not an internal error.
 */
export class ResourceNotFoundError extends Error {
  override readonly name = 'ResourceNotFoundError';
}

/** A pack's source of resource changes: core subscribes once and tells the sessions subscribed to each URI. */
export interface ResourceUpdates {
  /** Calls `listener` with the URI of each resource that changed; returns the unsubscribe. */
  subscribe(listener: (uri: string) => void): () => void;
}
