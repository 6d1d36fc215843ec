import { z } from 'zod';

/**
 * What the page needs of a listed prompt, resource or template, checked as tools are (catalog.ts):
 * a remote server's lists are passed on verbatim and may hold anything. An entry that does not fit
 * is left off the page (clients still see it).
 */
const catalogPromptSchema = z.object({
  name: z.string().min(1).max(200),
  title: z.string().max(500).optional().catch(undefined),
  description: z.string().max(20_000).optional().catch(undefined),
  arguments: z
    .array(z.object({ name: z.string().min(1).max(200), description: z.string().max(2_000).optional().catch(undefined), required: z.boolean().optional().catch(undefined) }))
    .max(100)
    .optional()
    .catch(undefined),
});

const catalogResourceSchema = z.object({
  uri: z.string().min(1).max(2_000),
  name: z.string().min(1).max(200),
  title: z.string().max(500).optional().catch(undefined),
  description: z.string().max(20_000).optional().catch(undefined),
  mimeType: z.string().max(200).optional().catch(undefined),
  /** True for a URI template (`resources/templates/list`). */
  template: z.boolean(),
});

export type CatalogPrompt = z.infer<typeof catalogPromptSchema>;
export type CatalogResource = z.infer<typeof catalogResourceSchema>;

function entries<T>(schema: z.ZodType<T>, listed: unknown, limit = 1_000): T[] {
  if (!Array.isArray(listed)) return [];
  return listed.slice(0, limit).flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export function catalogPrompts(listed: unknown): CatalogPrompt[] {
  return entries(catalogPromptSchema, listed);
}

/** Resources, then templates (their `uriTemplate` shown as the URI), as the page lists them. */
export function catalogResources(resources: unknown, templates: unknown): CatalogResource[] {
  const asTemplates = Array.isArray(templates) ? templates.map((entry) => (entry && typeof entry === 'object' ? { ...entry, uri: (entry as { uriTemplate?: unknown }).uriTemplate, template: true } : entry)) : [];
  const asResources = Array.isArray(resources) ? resources.map((entry) => (entry && typeof entry === 'object' ? { ...entry, template: false } : entry)) : [];
  return entries(catalogResourceSchema, [...asResources, ...asTemplates]);
}

/** A peer's prompts and resources, as its catalog carries them (checked the same way). */
export const peerPromptsSchema = z.array(z.unknown()).max(1_000).optional().transform((listed) => catalogPrompts(listed ?? []));
export const peerResourcesSchema = z
  .array(z.unknown())
  .max(2_000)
  .optional()
  .transform((listed) => entries(catalogResourceSchema, listed ?? [], 2_000));
