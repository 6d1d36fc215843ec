import { definePack, type Pack } from '@toolgate/core';
import type { BandsintownApi } from './upstream/client.ts';
import { artistEventsTool } from './tools/artist-events.ts';
import { artistTool } from './tools/artist.ts';
import { eventsTool } from './tools/events.ts';
import { concertSynonyms } from './synonyms.ts';

/** The concert pack around its Bandsintown client (undefined when no app id is set: the tool then says so). */
export function createConcertPack(api: BandsintownApi | undefined): Pack {
  return definePack({
    name: 'concert',
    synonyms: concertSynonyms,
    version: '0.1.0',
    instructions: 'Live concert listings from Bandsintown: search events by date, place and radius; look up an artist and their events.',
    tools: [eventsTool(api), artistTool(api), artistEventsTool(api)],
  });
}
