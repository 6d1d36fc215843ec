import { z } from 'zod';

/**
 * The tool every benchmark server serves: `random_quote` with the quotes pack's name and the
 * input fields and quote shape it has, called with `author: "socrates"`, whom the starter corpus
 * quotes once, so every server gives the same answer. The peers answer from this constant;
 * the gateway looks it up in its real quote engine, and its own schemas also carry
 * `min_length`/`max_length`, an ordering check and a one-or-list output union (a little more
 * work for the gateway, not less).
 */
export const quoteInput = z.object({
  limit: z.number().int().min(1).max(10).optional().describe('Number of quotes, 1 to 10 (default 1).'),
  tags: z.string().max(500).optional().describe('Tag filter from list_tags.'),
  author: z.string().max(1000).optional().describe('Author slug filter (e.g. "mark-twain").'),
});

export const quoteOutput = z
  .object({
    id: z.string(),
    content: z.string(),
    author: z.string(),
    author_slug: z.string(),
    length: z.number().int(),
    tags: z.array(z.string()),
  })
  .strict();

export const QUOTE_TOOL = {
  name: 'random_quote',
  title: 'Random quote',
  description: 'Returns a random quote, optionally filtered by tags or author.',
  annotations: { readOnlyHint: true, openWorldHint: false },
} as const;

/** The starter corpus's one quote by Socrates, as the quotes pack answers it. */
export const SOCRATES_QUOTE: z.infer<typeof quoteOutput> = {
  id: '1AerElFRm74V',
  content: 'The unexamined life is not worth living.',
  author: 'Socrates',
  author_slug: 'socrates',
  length: 40,
  tags: ['philosophy', 'famous-quotes'],
};

export function randomQuote(_input: z.infer<typeof quoteInput>): z.infer<typeof quoteOutput> {
  return SOCRATES_QUOTE;
}

/** The MCP tool result for a structured value: the JSON as a text item and as structuredContent. */
export function toolResult<Structured extends object>(structuredContent: Structured) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(structuredContent) }], structuredContent };
}
