import { z } from 'zod';
import { playerShape } from './player-shape.ts';

export const clubMemberSchema = z.object({
  ...playerShape,
  role: z.string().nullable().describe('president, vicePresident, senior or member'),
  trophies: z.number().int().nullable(),
});
