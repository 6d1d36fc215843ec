import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { PACK_MANIFESTS, postRpc, toolCall } from '../src/index.ts';
import { CHAIN } from './cases/chain.ts';
import { CONCERT } from './cases/concert.ts';
import { GAME } from './cases/game.ts';
import { QUOTES } from './cases/quotes.ts';
import { SPORTS } from './cases/sports.ts';
import type { ToolCase } from './cases/tool-case.ts';

export type { ToolCase };

/** Every tool of every pack, answered from the stand-in upstreams (or the quotes starter corpus). */
export const TOOL_CASES: ToolCase[] = [...CHAIN, ...CONCERT, ...GAME, ...SPORTS, ...QUOTES];

/** The pack's cases in cases/, or its manifest's offline probe. */
export function casesOf(pack: string): ToolCase[] {
  const cases = TOOL_CASES.filter((entry) => entry.pack === pack);
  if (cases.length > 0) return cases;
  const probe = PACK_MANIFESTS.find((manifest) => manifest.name === pack)?.probe;
  if (!probe) throw new Error(`${pack}: no compose cases (topology/compose/cases) and no "probe" in its manifest`);
  return [{ pack, tool: probe.tool, arguments: probe.arguments, expected: {} }];
}

export type Dialect = 'bare' | '2025' | '2026-07-28';

interface Answer {
  tools: string[];
  results: Array<{ isError?: boolean; structuredContent?: unknown }>;
  /** The protocol version the client ended up speaking. */
  version?: string;
}

/** Lists the pack's tools and calls `cases` the way one kind of client does. */
export async function callPack(endpoint: string, dialect: Dialect, cases: ToolCase[]): Promise<Answer> {
  if (dialect === 'bare') {
    // The spec's bare call: a POST with only Content-Type, no initialize, no session.
    const list = await postRpc(endpoint, { jsonrpc: '2.0', id: 0, method: 'tools/list' });
    const results = [];
    for (const [index, entry] of cases.entries()) {
      const reply = await postRpc(endpoint, toolCall(index + 1, entry.tool, entry.arguments));
      if (reply.status !== 200) throw new Error(`${endpoint} ${entry.tool}: HTTP ${reply.status} ${reply.text.slice(0, 200)}`);
      results.push(reply.json.result);
    }
    return { tools: list.json.result.tools.map((tool: { name: string }) => tool.name), results };
  }
  const client =
    dialect === '2025'
      ? new ClientV1({ name: 'compose-e2e-2025', version: '1.0.0' })
      : new ClientV2({ name: 'compose-e2e-2026', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  const transport = dialect === '2025' ? new TransportV1(new URL(endpoint)) : new TransportV2(new URL(endpoint));
  await client.connect(transport as never);
  try {
    const { tools } = await client.listTools();
    const results = [];
    for (const entry of cases) results.push((await client.callTool({ name: entry.tool, arguments: entry.arguments })) as Answer['results'][number]);
    const version = client instanceof ClientV2 ? client.getNegotiatedProtocolVersion() : (transport as TransportV1).protocolVersion;
    return { tools: tools.map((tool) => tool.name), results, version };
  } finally {
    await client.close();
  }
}
