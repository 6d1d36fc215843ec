import { z } from 'zod';

/** The fields every player entry shares in outputs (a profile, a club member). */
export const playerShape = {
  tag: z.string().describe('Player tag with its #'),
  name: z.string(),
  nameColor: z.string().nullable().describe('Name colour as 0xAARRGGBB, null when not given'),
  iconId: z.number().int().nullable(),
};
