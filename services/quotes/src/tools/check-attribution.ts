import { defineTool } from '@toolgate/core';
import { z } from 'zod';
import { CLOSE_QUOTE, SAME_QUOTE, type Attribution } from '../attribution/check-attribution.ts';
import type { QuoteEngine } from '../engine/quote-engine.ts';
import { quoteSchema } from './quote-schema.ts';

const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

const inputSchema = z.object({
  text: z
    .string()
    .max(1000, 'text must be at most 1000 characters')
    .refine(hasWords, 'text must contain words')
    .describe('The quotation to check, as the user has it. Punctuation, case and accents are ignored; small wording changes are tolerated.'),
  author: z
    .string()
    .max(200, 'author must be at most 200 characters')
    .refine(hasWords, 'author must contain letters')
    .optional()
    .describe('Who it is claimed to be by: a name ("Albert Einstein"), a surname ("Einstein") or a slug ("albert-einstein"). Omit to ask who said it.'),
});

const matchSchema = z
  .object({
    quote: quoteSchema,
    similarity: z
      .number()
      .min(0)
      .max(1)
      .describe('1 = the same words in the same order (case, punctuation and inflections ignored); one minus the word edits (insert, delete, replace) per word'),
    kind: z.enum(['full', 'excerpt', 'embedded']).describe('full: the text is the quote; excerpt: the text is part of the quote; embedded: the quote is part of the text'),
    by_claimed_author: z.boolean().nullable().describe('Whether the claimed author is this quote\'s author; null when no author was claimed'),
  })
  .strict();

const outputSchema = z
  .object({
    verdict: z
      .enum(['verified', 'misattributed', 'close_match', 'no_match'])
      .describe(
        `verified: the corpus has the text (similarity >= ${SAME_QUOTE}) by the claimed author, or by match.quote.author when none was claimed; misattributed: it has it, by match.quote.author instead; close_match: a similar wording (${CLOSE_QUOTE} <= similarity < ${SAME_QUOTE}); no_match: nothing similar`,
      ),
    summary: z.string().describe('The verdict in one sentence'),
    claimed_author: z.string().nullable(),
    match: matchSchema.nullable().describe('The deciding quote; null for no_match'),
    also_matching: z.array(matchSchema).describe('Other quotes at least as similar as a close match, best first (e.g. the same words under another name)'),
  })
  .strict();

/** The verdict in one sentence (the tool's `summary`, and the check_who_said prompt's). */
export function summariseAttribution({ verdict, match }: Attribution, claimed: string | undefined): string {
  if (!match) return 'The corpus has no quote like this text.';
  const who = match.quote.author;
  const how = `${Math.round(match.similarity * 100)}% similar${match.kind === 'full' ? '' : `, ${match.kind === 'excerpt' ? 'as part of a longer quote' : 'within the text'}`}`;
  if (verdict === 'verified') return claimed ? `Verified: the corpus has this by ${who} (${how}).` : `The corpus attributes this to ${who} (${how}).`;
  if (verdict === 'misattributed') return `Misattributed: the corpus has this by ${who}, not ${claimed} (${how}).`;
  return `Close match: a similar quote by ${who} (${how})${match.by_claimed_author === false ? `, not by ${claimed}` : ''}.`;
}

/** Issue 15: "who said this, really", answered from the pack's own index, not a search engine. */
export function checkAttributionTool(engine: QuoteEngine) {
  return defineTool({
    name: 'check_attribution',
    title: 'Check a quote attribution',
    description:
      'Checks who said a quotation: give text (and optionally the claimed author). verdict verified / misattributed (with who the corpus credits) / close_match (a similar wording, with its similarity 0-1) / no_match, with the deciding quote and other close ones.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async handler({ text, author }) {
      const claimed = author?.trim();
      const attribution = engine.checkAttribution(text, claimed);
      return { ...attribution, summary: summariseAttribution(attribution, claimed), claimed_author: claimed ?? null };
    },
  });
}
