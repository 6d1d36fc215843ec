import type { UpstreamClient } from '@toolgate/upstream';
import { eventsDaySchema } from './schemas.ts';
import { mapFixture, type Fixture } from './map-fixture.ts';

export interface SportsDbApi {
  eventsOnDay(date: string, sport: string | undefined): Promise<Fixture[]>;
}

const DAY_MS = 24 * 60 * 60_000;

/** A finished day's fixtures barely change; today's scores do; future days change now and then. */
export function fixturesTtlMs(date: string, now: Date): number {
  const today = now.toISOString().slice(0, 10);
  if (date < today) return DAY_MS;
  if (date === today) return 90_000;
  return 10 * 60_000;
}

/** The key sits in the path (`/json/{key}/eventsday.php`); the upstream client redacts it. */
export function createSportsDbApi(upstream: UpstreamClient, apiKey: string, now: () => Date = () => new Date()): SportsDbApi {
  return {
    async eventsOnDay(date, sport) {
      const body = await upstream.get({
        path: `/${encodeURIComponent(apiKey)}/eventsday.php`,
        params: { d: date, s: sport },
        schema: eventsDaySchema,
        ttlMs: fixturesTtlMs(date, now()),
      });
      return (body.events ?? []).map(mapFixture);
    },
  };
}
