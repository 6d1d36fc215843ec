import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { definePack, definePackModule, defineTool } from '../../src/index.ts';

/** A second pack, so a key can be refused a whole pack. */
export const wordModule = definePackModule({
  name: 'word',
  defaultPort: 0,
  envSchema: z.object({}),
  create: () => ({
    pack: definePack({
      name: 'word',
      version: '1.0.0',
      tools: [
        defineTool({
          name: 'upper',
          title: 'Upper',
          description: 'Upper-cases a word.',
          inputSchema: z.object({ word: z.string() }),
          outputSchema: z.object({ word: z.string() }),
          async handler({ word }) {
            return { word: word.toUpperCase() };
          },
        }),
      ],
    }),
  }),
});

/** Writes an API_KEYS_FILE (JSON) in a fresh temporary directory; returns its path. */
export function writePolicyFile(entries: unknown[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'toolgate-policy-')), 'keys.json');
  writeFileSync(path, JSON.stringify({ keys: entries }));
  return path;
}
