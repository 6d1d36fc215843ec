import { z } from 'zod';
import { createApp, createLogger, createMetrics, definePack, defineTool, ToolError } from '../src/index.ts';

/** A tiny pack for the core's own tests: a tool that echoes (and fails on request) and one that adds. */
export const echoPack = definePack({
  name: 'echo',
  version: '1.0.0',
  tools: [
    defineTool({
      name: 'echo',
      title: 'Echo',
      description: 'Returns the text it is given.',
      inputSchema: z.object({ text: z.string().max(20).describe('Text to echo') }),
      outputSchema: z.object({ text: z.string(), length: z.number().int() }),
      annotations: { readOnlyHint: true, openWorldHint: false },
      async handler({ text }) {
        if (text === 'fail') throw new ToolError('asked to fail');
        if (text === 'crash') throw new Error('secret internal detail');
        return { text, length: text.length };
      },
    }),
    defineTool({
      name: 'sum',
      title: 'Sum',
      description: 'Adds up a list of numbers.',
      inputSchema: z.object({
        numbers: z.array(z.number()).min(1).max(100).describe('The numbers to add'),
        round: z.boolean().optional().describe('Round the sum to an integer'),
      }),
      outputSchema: z.object({ sum: z.number(), count: z.number().int() }),
      annotations: { readOnlyHint: true, openWorldHint: false },
      async handler({ numbers, round }) {
        const sum = numbers.reduce((total, value) => total + value, 0);
        return { sum: round ? Math.round(sum) : sum, count: numbers.length };
      },
    }),
  ],
});

export function createEchoApp(overrides: Partial<Parameters<typeof createApp>[0]> = {}) {
  return createApp({
    packs: [{ pack: echoPack, segment: 'echo' }],
    logger: createLogger({ level: 'silent' }),
    metrics: createMetrics({ collectProcessMetrics: false }),
    ...overrides,
  });
}
