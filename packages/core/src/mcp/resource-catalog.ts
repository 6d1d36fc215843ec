import { z } from 'zod';
import { InputRequired } from '../ask-client.ts';
import type { Pack } from '../pack.ts';
import type { ResourceBody, ResourceDefinition, ResourceTemplateDefinition } from '../resource.ts';
import { ResourceNotFoundError } from '../resource.ts';
import type { ToolContext } from '../tool.ts';
import { parseUriTemplate, type UriTemplate } from '../uri-template.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { Refusal } from '../protocol/refusal.ts';
import { faultOf, invalidParams } from './request-fault.ts';

const bodySchema = z.union([
  z.object({ text: z.string(), mimeType: z.string().optional(), uri: z.string().optional() }),
  z.object({ blob: z.base64(), mimeType: z.string().optional(), uri: z.string().optional() }),
]);

type Listed = { [field: string]: unknown };

/** A pack's resources: `resources/list`, `resources/templates/list` and `resources/read`. */
export interface ResourceCatalog {
  readonly offered: boolean;
  listed(): readonly Listed[];
  templates(): readonly Listed[];
  findTemplate(uriTemplate: string): ResourceTemplateDefinition | undefined;
  /** Resolves with `{contents}`; an unknown URI rejects with the revision's resource-not-found error. */
  read(method: string, params: Record<string, unknown> | undefined, context: ToolContext, modern: boolean): Promise<Record<string, unknown>>;
}

/** The error a read of a URI nothing answers gets, in the client's revision. */
export function resourceNotFound(uri: string, modern: boolean, detail?: string): Refusal {
  const message = `Resource not found: ${detail ?? uri}`;
  return new Refusal(200, modern ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound, message, { data: { uri } });
}

function common(resource: ResourceDefinition | ResourceTemplateDefinition): Listed {
  return {
    name: resource.name,
    title: resource.title,
    description: resource.description,
    mimeType: resource.mimeType,
    ...(resource.annotations ? { annotations: resource.annotations } : {}),
    ...(resource.meta ? { _meta: resource.meta } : {}),
  };
}

export function buildResourceCatalog(pack: Pack): ResourceCatalog {
  const all = pack.resources ?? [];
  const fixed = new Map(all.flatMap((resource) => (resource.kind === 'resource' ? [[resource.uri, resource] as const] : [])));
  const templates = all.flatMap((resource) => (resource.kind === 'template' ? [{ definition: resource, parsed: parseUriTemplate(resource.uriTemplate) }] : []));
  const listed = [...fixed.values()].map((resource) => ({ uri: resource.uri, ...common(resource) }));
  const listedTemplates = templates.map(({ definition }) => ({ uriTemplate: definition.uriTemplate, ...common(definition) }));
  const remote = pack.remote?.resources ? pack.remote : undefined;

  function contentsOf(uri: string, mimeType: string, bodies: ResourceBody | ResourceBody[], context: ToolContext): Record<string, unknown>[] {
    const list = Array.isArray(bodies) ? bodies : [bodies];
    const checked = z.array(bodySchema).min(1).safeParse(list);
    if (!checked.success) {
      context.logger.error({ uri, issues: checked.error.issues }, 'resource contents do not match the MCP shape');
      throw faultOf(new Error('resource contents drift'), `the read of ${uri}`, context);
    }
    return checked.data.map((body) => ({ ...body, uri: body.uri ?? uri, mimeType: body.mimeType ?? mimeType }));
  }

  async function readTemplate(uri: string, definition: ResourceTemplateDefinition, parsed: UriTemplate, context: ToolContext, modern: boolean) {
    const values = parsed.match(uri)!;
    const variables = definition.variables.safeParse(values);
    if (!variables.success) throw resourceNotFound(uri, modern, `${uri} (${variables.error.issues.map((issue) => issue.message).join('; ')})`);
    return contentsOf(uri, definition.mimeType, await definition.read(variables.data, context), context);
  }

  return {
    offered: all.length > 0 || remote !== undefined,
    listed: remote ? () => [...listed, ...remote.resources!()] : () => listed,
    templates: remote ? () => [...listedTemplates, ...(remote.resourceTemplates?.() ?? [])] : () => listedTemplates,
    findTemplate: (uriTemplate) => templates.find(({ definition }) => definition.uriTemplate === uriTemplate)?.definition,
    async read(method, params, context, modern) {
      const uri = params?.uri;
      if (typeof uri !== 'string') throw invalidParams(`Invalid params: ${method} needs params.uri`);
      if (remote && fixed.size === 0 && templates.length === 0) {
        try {
          return await remote.request(method, params!, context);
        } catch (error) {
          // A 2025-era server's "not found" (-32002) is the invalid params with data.uri 2026-07-28 names (SEP-2164).
          if (modern && error instanceof Refusal && error.code === ErrorCode.ResourceNotFound) throw resourceNotFound(uri, true, error.message.replace(/^Resource not found: /, ''));
          throw error;
        }
      }
      try {
        const resource = fixed.get(uri);
        if (resource) return { contents: contentsOf(uri, resource.mimeType, await resource.read(context), context) };
        const template = templates.find(({ parsed }) => parsed.match(uri) !== undefined);
        if (template) return { contents: await readTemplate(uri, template.definition, template.parsed, context, modern) };
      } catch (error) {
        if (error instanceof InputRequired) throw error;
        if (error instanceof ResourceNotFoundError) throw resourceNotFound(uri, modern, error.message);
        throw faultOf(error, `the read of ${uri}`, context);
      }
      throw resourceNotFound(uri, modern);
    },
  };
}
