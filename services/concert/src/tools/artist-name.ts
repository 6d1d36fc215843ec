import { z } from 'zod';

/** An artist as Bandsintown names it, or `id_<n>` for a Bandsintown artist id. */
export const artistNameSchema = z
  .string()
  .trim()
  .min(1, 'give an artist name')
  .max(200)
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'an artist name has no control characters')
  .describe('The artist\'s name as on Bandsintown ("Justin Bieber", "AC/DC"), or "id_<n>" for a Bandsintown artist id');

export const noSuchArtist = (name: string) => `Bandsintown knows no artist named "${name}": check the spelling, or use the artist's Bandsintown id as "id_<n>".`;
