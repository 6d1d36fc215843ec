import { definePack, type Pack } from '@toolgate/core';
import type { BrawlifyApi } from './upstream/brawlify-api.ts';
import type { OfficialApi } from './upstream/official-api.ts';
import { brawlerTool } from './tools/brawler.ts';
import { brawlersTool } from './tools/brawlers.ts';
import { clubMembersTool } from './tools/club-members.ts';
import { clubTool } from './tools/club.ts';
import { eventsRotationTool, type RotationSource } from './tools/events-rotation.ts';
import { gameModesTool } from './tools/game-modes.ts';
import { mapsTool } from './tools/maps.ts';
import { playerBattlelogTool } from './tools/player-battlelog.ts';
import { playerTool } from './tools/player.ts';
import { rankingsTool } from './tools/rankings.ts';
import { gameSynonyms } from './synonyms.ts';
import { playerReportPrompt } from './prompts/player-report.ts';

export interface GameDependencies {
  /** The official API with a token, Brawlify without. */
  rotation: RotationSource;
  /** Undefined without BRAWLSTARS_API_TOKEN: the keyed tools then say which variable to set. */
  official: OfficialApi | undefined;
  brawlify: BrawlifyApi;
}

export function createGamePack({ rotation, official, brawlify }: GameDependencies): Pack {
  return definePack({
    name: 'game',
    synonyms: gameSynonyms,
    version: '0.2.0',
    instructions:
      'Brawl Stars: the current event rotation, players, battle logs, clubs and rankings (official API, needs a token), and brawlers, maps and game modes (Brawlify, keyless).',
    tools: [
      eventsRotationTool(rotation),
      playerTool(official),
      playerBattlelogTool(official),
      clubTool(official),
      clubMembersTool(official),
      rankingsTool(official),
      brawlersTool(brawlify),
      brawlerTool(brawlify),
      mapsTool(brawlify),
      gameModesTool(brawlify),
    ],
    prompts: [playerReportPrompt({ brawlify, official: official !== undefined })],
  });
}
