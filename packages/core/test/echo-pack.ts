import { z } from 'zod';
import { createApp, createLogger, createMetrics, definePack, defineTool, ToolError } from '../src/index.ts';

/** A tiny pack for the core's own tests: one tool that echoes, one that fails on request. */
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
