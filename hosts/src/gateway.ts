import { startServer, type RunningServer } from '@toolgate/core/server';
import { packModules } from '@toolgate/gateway';

/** The all-in-one gateway as `pnpm start` builds it with no variables set: every pack, on a free port. */
export function startGateway(): Promise<RunningServer> {
  return startServer({ service: 'llm-hosts', modules: packModules, defaultPort: 0, env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' } });
}

export const PACKS = packModules.map(({ name }) => name);

export interface ListedTool {
  name: string;
  inputSchema: Record<string, unknown>;
}

/** A pack's tools/list as the gateway publishes it: what each host is judged against. */
export async function listTools(baseUrl: string, pack: string): Promise<ListedTool[]> {
  const response = await fetch(`${baseUrl}/${pack}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  return ((await response.json()) as { result: { tools: ListedTool[] } }).result.tools;
}
