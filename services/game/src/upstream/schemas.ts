import { z } from 'zod';
import { toIsoTime } from './map-rotation.ts';

/** A time either source may send: Supercell's compact `20260922T080000.000Z` or ISO 8601. */
const time = z.string().refine((value) => toIsoTime(value) !== undefined, 'a timestamp');

/** Official API, `GET /events/rotation`: a bare array. */
export const officialRotationSchema = z.array(
  z.object({
    startTime: time,
    endTime: time,
    slotId: z.number().nullish(),
    event: z.object({ id: z.number(), mode: z.string().nullish(), map: z.string().nullish() }),
  }),
);

/** Brawlify, `GET /events`: `{active, upcoming}`; only the active slots are the current rotation. */
export const brawlifyEventsSchema = z.object({
  active: z.array(
    z.object({
      startTime: time,
      endTime: time,
      map: z.object({
        id: z.number(),
        name: z.string().nullish(),
        gameMode: z.object({ name: z.string().nullish(), scHash: z.string().nullish(), hash: z.string().nullish() }).nullish(),
      }),
    }),
  ),
});

export type OfficialRotation = z.infer<typeof officialRotationSchema>;
export type BrawlifyEvents = z.infer<typeof brawlifyEventsSchema>;
