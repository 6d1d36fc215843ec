import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import type { QuoteEngine } from '../engine/quote-engine.ts';
import { tagCountSchema } from './tag-schema.ts';

const outputSchema = z
  .object({
    count: z.number().int().describe('Number of tags'),
    tags: z.array(tagCountSchema).describe('Every tag, most quotes first'),
  })
  .strict();

export function listTagsTool(engine: QuoteEngine) {
  return defineTool({
    name: 'list_tags',
    title: 'List quote tags',
    description: 'Lists every tag the tags filter of random_quote accepts, with its slug and quote count, most quotes first.',
    inputSchema: z.object({}),
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler() {
      const tags = engine.tags();
      return { count: tags.length, tags };
    },
  });
}
