import type { Logger } from 'pino';
import type { Dispatcher } from '../mcp/dispatcher.ts';
import type { PackStatus } from '../pack-module.ts';

/** A tool as `tools/list` answers it: the page shows exactly what an MCP client is told. */
export interface CatalogTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** One pack on the page: its tools and its state (the same state /healthz reports). */
export interface CatalogPack {
  name: string;
  segment: string;
  version?: string;
  status: PackStatus;
  tools: CatalogTool[];
}

export interface LocalPack {
  dispatcher: Dispatcher;
  segment: string;
  status?: () => PackStatus;
}

const READY: PackStatus = { state: 'ready' };

/**
 * The packs this process serves, each asked through its own dispatcher's `tools/list`: a pack
 * whose tools come from elsewhere (a remote MCP server) appears as its clients see it.
 */
export function localCatalog(packs: readonly LocalPack[], logger: Logger): () => Promise<CatalogPack[]> {
  return () =>
    Promise.all(
      packs.map(async ({ dispatcher, segment, status }): Promise<CatalogPack> => {
        const answer = await dispatcher.handle(
          { jsonrpc: '2.0', id: 'catalog', method: 'tools/list' },
          { dialect: 'legacy', requestId: 'catalog', signal: AbortSignal.timeout(10_000), logger },
        );
        const tools = 'result' in answer && Array.isArray(answer.result.tools) ? (answer.result.tools as CatalogTool[]) : [];
        const state = status?.() ?? READY;
        const listFailed = 'error' in answer ? { state: 'down' as const, detail: `tools/list failed: ${answer.error.message}` } : undefined;
        return { name: dispatcher.pack.name, segment, version: dispatcher.pack.version, status: listFailed ?? state, tools };
      }),
    );
}
