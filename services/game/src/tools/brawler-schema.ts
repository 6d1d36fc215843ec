import { z } from 'zod';

const accessory = z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() });

export const brawlerSchema = z.object({
  id: z.number().int().describe('Brawler id, e.g. 16000000 (the id rankings and battle logs use)'),
  name: z.string(),
  rarity: z.string().nullable(),
  class: z.string().nullable().describe('Damage Dealer, Tank, …; null while Brawlify has not classified a new brawler'),
  description: z.string().nullable(),
  starPowers: z.array(accessory),
  gadgets: z.array(accessory),
  imageUrl: z.string().nullable(),
  link: z.string().nullable().describe('Brawlify page'),
});

export const brawlerIdInput = z
  .number()
  .int('id must be a whole number')
  .min(16000000, 'id must be a brawler id (16000000 and up)')
  .max(16999999, 'id must be a brawler id (below 17000000)');
