import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { postRpc, toolCall } from '../src/index.ts';
import { TOKENS } from './upstreams.ts';

/** One call of one tool, and what part of its answer proves the pack really did the work. */
export interface ToolCase {
  pack: string;
  tool: string;
  arguments: Record<string, unknown>;
  expected: Record<string, unknown>;
}

const OWNER = '0x1111111111111111111111111111111111111111';
const SPENDER = '0x2222222222222222222222222222222222222222';

/** Every tool of every pack, answered from the stand-in upstreams (or the quotes corpus). */
export const TOOL_CASES: ToolCase[] = [
  { pack: 'chain', tool: 'token_metadata', arguments: { contract: TOKENS.USDC.address }, expected: TOKENS.USDC.metadata },
  { pack: 'chain', tool: 'token_allowance', arguments: { contract: TOKENS.USDC.address, owner: OWNER, spender: SPENDER }, expected: { allowance: '0xf4240' } },
  { pack: 'concert', tool: 'events', arguments: { location: 'New York, NY' }, expected: { count: 2 } },
  { pack: 'game', tool: 'events_rotation', arguments: {}, expected: { items: expect.arrayContaining([expect.objectContaining({ map: 'Hard Rock Mine' })]) } },
  { pack: 'sports', tool: 'events_by_day', arguments: { date: '2026-03-14' }, expected: { count: 3 } },
  { pack: 'quotes', tool: 'random_quote', arguments: { limit: 2 }, expected: { count: 2 } },
  // The starter corpus the image ships (no QUOTES_DATA_DIR mounted).
  { pack: 'quotes', tool: 'search_quotes', arguments: { query: 'life' }, expected: { page: 1, quotes: expect.any(Array) } },
  { pack: 'quotes', tool: 'list_tags', arguments: {}, expected: { tags: expect.any(Array) } },
  { pack: 'quotes', tool: 'list_authors', arguments: { limit: 5 }, expected: { count: 5 } },
];

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
