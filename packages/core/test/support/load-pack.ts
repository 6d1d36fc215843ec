import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { definePack, defineTool } from '../../src/index.ts';

/** Prose as quotes and articles have it: mostly ASCII, with the odd accent and dash. */
const PROSE = 'A naïve café owner said — once, in Zürich — that “every answer is a story”. ';

/**
 * A pack whose tools stand in for expensive members of a batch: `hold` waits (an upstream
 * call) and counts how many run at once; `spin` keeps the CPU busy (a heavy mapping) and says
 * when it starts; `prose` answers a long text, as a search with a large limit does.
 */
export function createLoadPack(options: { onSpin?: () => void } = {}) {
  const stats = { running: 0, maxRunning: 0, calls: 0 };
  const pack = definePack({
    name: 'load',
    version: '1.0.0',
    tools: [
      defineTool({
        name: 'hold',
        title: 'Hold',
        description: 'Waits for the given milliseconds, as an upstream call would.',
        inputSchema: z.object({ ms: z.number().int().min(0).max(1_000), pad: z.number().int().min(0).max(100_000).default(0) }),
        outputSchema: z.object({ held: z.number(), pad: z.string() }),
        async handler({ ms, pad }) {
          stats.calls += 1;
          stats.running += 1;
          stats.maxRunning = Math.max(stats.maxRunning, stats.running);
          try {
            await sleep(ms);
          } finally {
            stats.running -= 1;
          }
          return { held: ms, pad: 'x'.repeat(pad) };
        },
      }),
      defineTool({
        name: 'prose',
        title: 'Prose',
        description: 'Answers about the given number of characters of prose, accents and dashes included.',
        inputSchema: z.object({ chars: z.number().int().min(0).max(100_000) }),
        outputSchema: z.object({ text: z.string() }),
        async handler({ chars }) {
          return { text: PROSE.repeat(Math.ceil(chars / PROSE.length)) };
        },
      }),
      defineTool({
        name: 'spin',
        title: 'Spin',
        description: 'Keeps the CPU busy for the given milliseconds.',
        inputSchema: z.object({ ms: z.number().int().min(0).max(1_000) }),
        outputSchema: z.object({ spun: z.number() }),
        async handler({ ms }) {
          options.onSpin?.();
          const until = performance.now() + ms;
          while (performance.now() < until) {
            // busy on purpose
          }
          return { spun: ms };
        },
      }),
    ],
  });
  return { pack, stats };
}

export const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
