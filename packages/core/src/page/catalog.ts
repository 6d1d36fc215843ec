import type { Logger } from 'pino';
import { z } from 'zod';
import type { Dispatcher } from '../mcp/dispatch-context.ts';
import { PROMPTS_LIST, RESOURCE_TEMPLATES_LIST, RESOURCES_LIST, TOOLS_LIST } from '../mcp/method-table.ts';
import { statusOf, type MountedPack, type PackStatus } from '../pack-module.ts';
import { catalogPrompts, catalogResources, type CatalogPrompt, type CatalogResource } from './catalog-content.ts';

const schemaObject = z.record(z.string(), z.unknown());

/**
 * What the page needs of a listed tool, checked: a remote server's list is passed on verbatim and
 * may hold anything. A tool that does not fit is left off the page (clients still see it).
 */
const catalogToolSchema = z.object({
  name: z.string().min(1).max(200),
  title: z.string().max(500).optional().catch(undefined),
  description: z.string().max(20_000).optional().catch(undefined),
  inputSchema: schemaObject.catch({}),
  outputSchema: schemaObject.optional().catch(undefined),
  annotations: schemaObject.optional().catch(undefined),
});

/** A tool as `tools/list` answers it, reduced to what the page shows: what an MCP client is told. */
export type CatalogTool = z.infer<typeof catalogToolSchema>;

/**
 * The listed tools the page can show: checked once per list (a built-in pack lists the same array
 * every time, a remote pack a new one only when its server's list changed), and the same array
 * given back for the same list, so the page can tell a new version of the catalog (page-cache.ts).
 */
const checkedLists = new WeakMap<readonly unknown[], CatalogTool[]>();

export function catalogTools(listed: unknown): CatalogTool[] {
  if (!Array.isArray(listed)) return [];
  let checked = checkedLists.get(listed);
  if (!checked) {
    checked = listed.flatMap((tool) => {
      const parsed = catalogToolSchema.safeParse(tool);
      return parsed.success ? [parsed.data] : [];
    });
    checkedLists.set(listed, checked);
  }
  return checked;
}

/** One pack on the page: its tools and its state (the same state /healthz reports). */
export interface CatalogPack {
  name: string;
  segment: string;
  version?: string;
  status: PackStatus;
  tools: CatalogTool[];
  /** What a client's prompt picker and resource browser show, beside the tools (absent from an older peer's catalog). */
  prompts?: CatalogPrompt[];
  resources?: CatalogResource[];
}

/** A pack this process serves, with the dispatcher its clients reach (caller policy included). */
export type LocalPack = MountedPack & { dispatcher: Dispatcher };

/**
 * The packs this process serves, each asked through its own dispatcher's `tools/list`: a pack
 * whose tools come from elsewhere (a remote MCP server) appears as its clients see it.
 */
export function localCatalog(packs: readonly LocalPack[], logger: Logger): () => Promise<CatalogPack[]> {
  return () =>
    Promise.all(
      packs.map(async (local): Promise<CatalogPack> => {
        const { dispatcher, segment } = local;
        const context = { dialect: 'legacy' as const, requestId: 'catalog', signal: AbortSignal.timeout(10_000), logger };
        // A pack that has no prompts or resources answers "Method not found": nothing to show.
        const ask = async (method: string, field: string) => {
          const listed = await dispatcher.handle({ jsonrpc: '2.0', id: 'catalog', method }, context);
          return 'result' in listed ? listed.result[field] : [];
        };
        const [answer, prompts, resources, templates] = await Promise.all([
          dispatcher.handle({ jsonrpc: '2.0', id: 'catalog', method: TOOLS_LIST }, context),
          ask(PROMPTS_LIST, 'prompts'),
          ask(RESOURCES_LIST, 'resources'),
          ask(RESOURCE_TEMPLATES_LIST, 'resourceTemplates'),
        ]);
        const tools = 'result' in answer ? catalogTools(answer.result.tools) : [];
        const state = statusOf(local);
        const listFailed = 'error' in answer ? { state: 'down' as const, detail: `${TOOLS_LIST} failed: ${answer.error.message}` } : undefined;
        return {
          name: dispatcher.pack.name,
          segment,
          version: dispatcher.pack.version,
          status: listFailed ?? state,
          tools,
          prompts: catalogPrompts(prompts),
          resources: catalogResources(resources, templates),
        };
      }),
    );
}
