import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { RotationSource } from '../upstream/client.ts';

const rotationEventSchema = z.object({
  id: z.number().describe('Event (map) id'),
  mode: z.string().describe('Game mode id, e.g. gemGrab, brawlBall, soloShowdown'),
  map: z.string().describe('Map name'),
  startTime: z.string().describe('Start, ISO 8601 UTC'),
  endTime: z.string().describe('End, ISO 8601 UTC'),
});

export const eventsRotationOutputSchema = z.object({ items: z.array(rotationEventSchema) });

export function eventsRotationTool(source: RotationSource) {
  return defineTool({
    name: 'events_rotation',
    title: 'Brawl Stars event rotation',
    description: 'Returns the current Brawl Stars event rotation: each live event with its mode, map and ISO 8601 start and end times.',
    inputSchema: z.object({}),
    outputSchema: eventsRotationOutputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler() {
      return { items: await source.currentRotation() };
    },
  });
}
