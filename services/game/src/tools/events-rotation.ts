import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { RotationEvent } from '../upstream/map-rotation.ts';

export interface RotationSource {
  rotation(): Promise<RotationEvent[]>;
}

const rotationEventSchema = z.object({
  id: z.number().describe('Event (map) id'),
  mode: z.string().describe('Game mode id as the official API spells it, e.g. gemGrab, brawlBall, soloShowdown, gemGrab5V5'),
  map: z.string().describe('Map name'),
  startTime: z.string().describe('Start, ISO 8601 UTC'),
  endTime: z.string().describe('End, ISO 8601 UTC'),
  modifiers: z.array(z.string()).describe('Event modifiers from the official API (e.g. showdown+); empty when none, and always empty from Brawlify, which reports none'),
});

export const eventsRotationOutputSchema = z.object({ items: z.array(rotationEventSchema) });

/** Spec 4.5: no parameters; result as spec 2.4 (plus `modifiers`). */
export function eventsRotationTool(source: RotationSource) {
  return defineTool({
    name: 'events_rotation',
    title: 'Brawl Stars event rotation',
    description: 'Returns the current Brawl Stars event rotation: each live event with its mode, map and ISO 8601 start and end times.',
    inputSchema: z.object({}),
    outputSchema: eventsRotationOutputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler() {
      return { items: await source.rotation() };
    },
  });
}
