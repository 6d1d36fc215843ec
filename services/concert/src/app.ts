import { definePack, type Pack } from '@toolgate/core';
import type { BandsintownApi } from './upstream/client.ts';
import { eventsTool } from './tools/events.ts';

/** The concert pack around its Bandsintown client (undefined when no app id is set: the tool then says so). */
export function createConcertPack(api: BandsintownApi | undefined): Pack {
  return definePack({
    name: 'concert',
    version: '0.1.0',
    instructions: 'Live concert listings from Bandsintown: search by date, place and radius.',
    tools: [eventsTool(api)],
  });
}
