import { definePack, type Pack } from '@toolgate/core';
import type { RotationSource } from './upstream/client.ts';
import { eventsRotationTool } from './tools/events-rotation.ts';

export function createGamePack(source: RotationSource): Pack {
  return definePack({
    name: 'game',
    version: '0.1.0',
    instructions: 'The current Brawl Stars event rotation.',
    tools: [eventsRotationTool(source)],
  });
}
