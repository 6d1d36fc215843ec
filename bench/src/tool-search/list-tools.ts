import type { Pack } from '@toolgate/core';
import type { SearchableTool, SynonymGroups } from '@toolgate/tool-search';

const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

/** What a client receives for `tools/list` at a URL: the JSON body's bytes and the tools. */
export async function listAt(url: string): Promise<{ bytes: number; body: string; tools: { name: string; title?: string; description?: string; inputSchema: Record<string, unknown> }[] }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(rpc) });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${body.slice(0, 200)}`);
  return { bytes: Buffer.byteLength(body), body, tools: (JSON.parse(body) as { result: { tools: [] } }).result.tools };
}

/** Every pack's tools as its own URL lists them, for the index, named as `/mcp` names them. */
export async function searchableTools(gatewayUrl: string, packs: readonly Pack[]): Promise<{ tools: SearchableTool[]; names: string[]; synonymsOf: (pack: string) => SynonymGroups | undefined }> {
  const tools: SearchableTool[] = [];
  const names: string[] = [];
  for (const pack of packs) {
    for (const tool of (await listAt(`${gatewayUrl}/${pack.name}/mcp`)).tools) {
      tools.push({ pack: pack.name, tool: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema });
      names.push(`${pack.name}_${tool.name}`);
    }
  }
  const byPack = new Map(packs.map((pack) => [pack.name, (pack as Pack & { synonyms?: SynonymGroups }).synonyms]));
  return { tools, names, synonymsOf: (pack) => byPack.get(pack) };
}
