import { z } from 'zod';
import { definePack, defineTool } from '../../src/index.ts';

/** What a hostile remote server could put in a description: markup, an event handler and a script. */
export const HOSTILE_MARKUP = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

/** A pack whose every text a server chooses carries markup (tool name aside: the catalog checks names). */
export const hostilePack = definePack({
  name: 'hostile',
  version: '1.0.0',
  tools: [
    defineTool({
      name: 'shout',
      title: `Shout ${HOSTILE_MARKUP}`,
      description: `Says it loud. ${HOSTILE_MARKUP}`,
      inputSchema: z.object({
        text: z.string().describe(`What to shout ${HOSTILE_MARKUP}`),
        tone: z.enum(['loud', `"><svg onload="window.__pwned=3">`]).optional(),
      }),
      outputSchema: z.object({ text: z.string().describe(HOSTILE_MARKUP) }),
      annotations: { readOnlyHint: true },
      async handler({ text }) {
        return { text: `${text.toUpperCase()} ${HOSTILE_MARKUP}` };
      },
    }),
  ],
});
