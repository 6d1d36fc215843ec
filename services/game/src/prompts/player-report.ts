import { completeFrom, definePrompt, userText, type Completer } from '@toolgate/core';
import { z } from 'zod';
import { tagInput } from '../tools/inputs.ts';
import type { BrawlifyApi } from '../upstream/brawlify-api.ts';

/** Brawler names from Brawlify's list (keyless, cached a day); Brawlify down completes to nothing. */
export function brawlerCompleter(brawlify: BrawlifyApi): Completer {
  return async (request) => {
    const names = await brawlify.brawlers().then(
      (brawlers) => brawlers.map((brawler) => brawler.name),
      () => [] as string[],
    );
    return completeFrom(() => names)(request);
  };
}

/** A player report: profile, recent battles and club, optionally focused on one brawler. */
export function playerReportPrompt(options: { brawlify: BrawlifyApi; official: boolean }) {
  return definePrompt({
    name: 'player_report',
    title: 'Player report',
    description: "A Brawl Stars player's report: trophies and progress, best brawlers, recent battles (win rate, modes), club, and how one brawler is doing when named.",
    arguments: z.object({
      player_tag: tagInput('player').describe('The player tag, e.g. "#2PP" (the # is optional)'),
      brawler: z.string().trim().max(50).optional().describe('A brawler to focus on (completes from the brawler list)'),
    }),
    complete: { brawler: brawlerCompleter(options.brawlify) },
    async handler({ player_tag: tag, brawler }) {
      if (!options.official) {
        return {
          description: `Report on ${tag}`,
          messages: [
            userText(
              `I want a report on the Brawl Stars player ${tag}, but this gateway has no BRAWLSTARS_API_TOKEN, so player, player_battlelog and club cannot answer. Tell me so, and offer what the keyless tools can: brawlers${brawler ? ` (about ${brawler})` : ''}, maps and the events rotation.`,
            ),
          ],
        };
      }
      const steps = [
        `player with tag "${tag}": trophies (and highest), level, 3v3/solo/duo victories, club, and the brawlers with their power, rank and trophies.`,
        `player_battlelog with tag "${tag}": the recent battles; count wins, losses and draws per mode.`,
        'club with the club tag from the profile, when the player is in one: its name, trophies and the player\'s role.',
        ...(brawler ? [`brawlers with name "${brawler}", then brawler with its id: what the brawler does, to judge how the player uses it.`] : []),
      ];
      return {
        description: `Report on ${tag}`,
        messages: [
          userText(
            `Write a report on the Brawl Stars player ${tag}${brawler ? `, with a section on their ${brawler}` : ''}. Call, in order:\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}\n\n` +
              'Then report: overall standing, the three strongest brawlers (by trophies), recent form (win rate over the battle log, best and worst mode), the club, and one concrete suggestion. Use the numbers the tools give; do not estimate what they do not say.',
          ),
        ],
      };
    },
  });
}
