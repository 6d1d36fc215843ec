import { definePrompt, userText } from '@toolgate/core';
import { z } from 'zod';
import type { quoteCompleters } from '../completers.ts';
import type { QuoteEngine } from '../engine/quote-engine.ts';
import { summariseAttribution } from '../tools/check-attribution.ts';

/**
 * Who said it, really: the attribution check runs when the prompt is got, and its finding is what
 * the model explains, so the answer rests on the corpus, not on the many misattributions a model
 * has read.
 */
export function checkWhoSaidPrompt(engine: QuoteEngine, completers: ReturnType<typeof quoteCompleters>) {
  return definePrompt({
    name: 'check_who_said',
    title: 'Check who said something',
    description: 'Checks a quotation against the corpus (and a claimed author, when given) and asks for a short, sourced answer: who said it, how sure, and whether the claim is right.',
    arguments: z.object({
      text: z.string().trim().min(1).max(1000).describe('The quotation as the user has it'),
      author: z.string().trim().max(200).optional().describe('Who it is said to be by (a name or a slug); completes from the corpus\'s authors'),
    }),
    complete: { author: completers.author },
    async handler({ text, author }) {
      const attribution = engine.checkAttribution(text, author);
      const finding = {
        verdict: attribution.verdict,
        summary: summariseAttribution(attribution, author),
        match: attribution.match && { quote: attribution.match.quote, similarity: attribution.match.similarity, kind: attribution.match.kind },
        also_matching: attribution.also_matching.map((match) => ({ author: match.quote.author, content: match.quote.content, similarity: match.similarity })),
      };
      return {
        description: author ? `Did ${author} say it?` : 'Who said it?',
        messages: [
          userText(
            `"${text}"${author ? ` is attributed to ${author}.` : ''} Who said this? The quotes corpus's attribution check (check_attribution) found:\n` +
              `${JSON.stringify(finding, null, 2)}\n\n` +
              'Answer in two or three sentences: who said it according to the corpus, how close the wording is, and whether the claimed author is right. ' +
              'Quote the corpus\'s wording exactly. If the verdict is no_match, say that the corpus does not have it, which is not proof that nobody said it.',
          ),
        ],
      };
    },
  });
}
