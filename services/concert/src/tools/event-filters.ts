import { isCalendarDate } from '@toolgate/core';
import { z } from 'zod';

/** Why a `date` value is unacceptable, or undefined when it is fine. */
export function dateProblem(value: string): string | undefined {
  if (['upcoming', 'past', 'all'].includes(value)) return undefined;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > 2) return 'use "upcoming", "past", "all", YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD';
  for (const part of parts) {
    if (!isCalendarDate(part)) return `"${part}" is not a date: use "upcoming", "past", "all", YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD`;
  }
  if (parts.length === 2 && parts[0]! > parts[1]!) return `the range starts (${parts[0]}) after it ends (${parts[1]}): put the earlier date first`;
  return undefined;
}

const LAT_LNG = /^(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/;
const PLACE = /^[\p{L}\p{M}][\p{L}\p{M}\d .'’()-]*(,\s*[\p{L}\p{M}][\p{L}\p{M}\d .'’()-]*){0,2}$/u;

/** Why a `location` value is unacceptable, or undefined when it is fine. */
export function locationProblem(value: string): string | undefined {
  const coordinates = LAT_LNG.exec(value);
  if (coordinates) {
    const [latitude, longitude] = [Number(coordinates[1]), Number(coordinates[2])];
    if (latitude < -90 || latitude > 90) return `latitude ${latitude} is out of range (-90 to 90)`;
    if (longitude < -180 || longitude > 180) return `longitude ${longitude} is out of range (-180 to 180)`;
    return undefined;
  }
  if (/^[\d\s.,+-]+$/.test(value)) return 'coordinates must be "latitude,longitude" in decimal degrees, e.g. "40.7128,-74.0060"';
  if (!PLACE.test(value)) return 'use a city ("Berlin"), "City, Region" ("Austin, TX"), "City, Country" ("Lyon, France") or "latitude,longitude"';
  return undefined;
}

/** `date` as the events tools take it: a keyword, a day or an inclusive range. */
export const eventDateSchema = z
  .string()
  .trim()
  .toLowerCase()
  .default('upcoming')
  .superRefine((value, context) => {
    const problem = dateProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .describe('"upcoming" (default), "past", "all", a day YYYY-MM-DD, or an inclusive range YYYY-MM-DD,YYYY-MM-DD');

export const eventsInputSchema = z
  .object({
    date: eventDateSchema,
    location: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .superRefine((value, context) => {
        const problem = locationProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .describe('A city ("Berlin", "Austin, TX", "Lyon, France") or "latitude,longitude" in decimal degrees'),
    radius: z.number().positive().max(150).optional().describe('Search radius around the location, in miles (at most 150); needs location'),
    page: z.number().int().min(1).max(1000).default(1).describe('Page of results, from 1'),
  })
  .refine((input) => input.radius === undefined || input.location !== undefined, {
    message: 'radius needs a location to search around',
    path: ['radius'],
  });
