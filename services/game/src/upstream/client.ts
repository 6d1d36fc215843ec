import type { UpstreamClient } from '@toolgate/upstream';
import { brawlifyEventsSchema, officialRotationSchema } from './schemas.ts';
import { mapBrawlifyEvents, mapOfficialRotation, rotationTtlMs, type RotationEvent } from './map-rotation.ts';

export interface RotationSource {
  currentRotation(): Promise<RotationEvent[]>;
}

/** Supercell's API (needs an IP-allow-listed token, sent by the upstream client as a Bearer header). */
export function createOfficialSource(upstream: UpstreamClient, now: () => number = Date.now): RotationSource {
  return {
    async currentRotation() {
      const rotation = await upstream.get({
        path: '/events/rotation',
        schema: officialRotationSchema,
        ttlMs: (value) => rotationTtlMs(value.map((slot) => slot.endTime), now()),
      });
      return mapOfficialRotation(rotation);
    },
  };
}

/** Brawlify's keyless mirror of the rotation. */
export function createBrawlifySource(upstream: UpstreamClient, now: () => number = Date.now): RotationSource {
  return {
    async currentRotation() {
      const events = await upstream.get({
        path: '/events',
        schema: brawlifyEventsSchema,
        ttlMs: (value) => rotationTtlMs(value.active.map((slot) => slot.endTime), now()),
      });
      return mapBrawlifyEvents(events);
    },
  };
}
