import { definePack, type Pack } from '@toolgate/core';
import type { SportsDbApi } from './upstream/client.ts';
import { eventsByDayTool } from './tools/events-by-day.ts';

export function createSportsPack(api: SportsDbApi): Pack {
  return definePack({
    name: 'sports',
    version: '0.1.0',
    instructions: 'Sports fixtures and results by day from TheSportsDB.',
    tools: [eventsByDayTool(api)],
  });
}
