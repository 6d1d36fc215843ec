import { combinedSelection, createCombinedDispatcher, createDispatcher, createLogger, METHODS, withView, type DispatchContext } from '@toolgate/core/server';
import { buildJudgedPacks } from './judged-gateway.ts';
import { measureLatency, type Latency } from './latency.ts';

const ROUNDS = 200;

/**
 * search_tools' latency in process: a tools/call of it through `/mcp`'s search view (the view's
 * handler, `/mcp`'s dispatcher over every pack's, the index), no HTTP; over every built-in pack
 * and server-everything, then with a fronted server of 1,000 tools beside them. Each query in
 * turn, ROUNDS times.
 */
export async function measureSearchLatency(queries: readonly string[]): Promise<{ what: string; tools: number; latency: Latency }[]> {
  const logger = createLogger({ level: 'silent' });
  const context: DispatchContext = { dialect: 'legacy', requestId: 'bench', signal: new AbortController().signal, logger };
  const view = METHODS.view('search');
  if (!view) throw new Error('the method table has no search view');
  const measured = [];
  for (const [what, distractors] of [['every built-in pack and server-everything', 0], ['…and a fronted server of 1,000 tools', 1000]] as const) {
    const built = await buildJudgedPacks({ distractors });
    try {
      const members = built.packs.map((pack) => createDispatcher(pack));
      const combined = createCombinedDispatcher(members, { selection: combinedSelection({}, built.packs), logger });
      const searchView = withView(combined, view);
      const listed = await combined.handle({ jsonrpc: '2.0', id: 0, method: 'tools/list' }, context);
      const tools = 'result' in listed ? (listed.result as { tools: unknown[] }).tools.length : 0;
      const latency = await measureLatency(queries, ROUNDS, async (query) => {
        const answer = await searchView.handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_tools', arguments: { query } } }, context);
        if (!('result' in answer)) throw new Error(`search_tools failed: ${JSON.stringify(answer)}`);
      });
      measured.push({ what, tools, latency });
    } finally {
      await built.close();
    }
  }
  return measured;
}
