import type { Logger } from 'pino';
import { z } from 'zod';
import type { Dispatcher } from '../mcp/dispatch-context.ts';
import { TOOLS_LIST } from '../mcp/method-table.ts';
import { statusOf, type MountedPack, type PackStatus } from '../pack-module.ts';

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

/** The listed tools the page can show. */
export function catalogTools(listed: unknown): CatalogTool[] {
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((tool) => {
    const parsed = catalogToolSchema.safeParse(tool);
    return parsed.success ? [parsed.data] : [];
  });
}

/** One pack on the page: its tools and its state (the same state /healthz reports). */
export interface CatalogPack {
  name: string;
  segment: string;
  version?: string;
  status: PackStatus;
  tools: CatalogTool[];
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
        const answer = await dispatcher.handle(
          { jsonrpc: '2.0', id: 'catalog', method: TOOLS_LIST },
          { dialect: 'legacy', requestId: 'catalog', signal: AbortSignal.timeout(10_000), logger },
        );
        const tools = 'result' in answer ? catalogTools(answer.result.tools) : [];
        const state = statusOf(local);
        const listFailed = 'error' in answer ? { state: 'down' as const, detail: `${TOOLS_LIST} failed: ${answer.error.message}` } : undefined;
        return { name: dispatcher.pack.name, segment, version: dispatcher.pack.version, status: listFailed ?? state, tools };
      }),
    );
}
