import type { BrawlifyEvents } from './brawlify-schemas.ts';
import { officialModeId } from './mode-id.ts';
import type { OfficialRotation } from './official-schemas.ts';
import { iso, toIsoTime } from './time.ts';

export interface RotationEvent {
  id: number;
  mode: string;
  map: string;
  startTime: string;
  endTime: string;
  modifiers: string[];
}

export function mapOfficialRotation(rotation: OfficialRotation): RotationEvent[] {
  return rotation.map((slot) => ({
    id: slot.event.id,
    mode: slot.event.mode ?? 'unknown',
    map: slot.event.map ?? '',
    startTime: iso(slot.startTime),
    endTime: iso(slot.endTime),
    modifiers: slot.event.modifiers ?? [],
  }));
}

/** Brawlify names modes for display ("Gem Grab 5v5"); `mode` is the official id derived from its hash. */
export function mapBrawlifyEvents(events: BrawlifyEvents): RotationEvent[] {
  return events.active.map((slot) => ({
    id: slot.map.id,
    mode: officialModeId(slot.map.gameMode) ?? 'unknown',
    map: slot.map.name ?? '',
    startTime: iso(slot.startTime),
    endTime: iso(slot.endTime),
    // Brawlify's `modifier` is null in every recorded answer; it names no official modifier ids.
    modifiers: [],
  }));
}

export const MAX_ROTATION_TTL_MS = 10 * 60_000;
const MIN_ROTATION_TTL_MS = 5_000;

/**
 * The rotation is good until its first event ends; capped so a wrong clock upstream cannot pin
 * a stale rotation, and floored so an already-ended event does not make every call go upstream.
 */
export function rotationTtlMs(endTimes: string[], now: number): number {
  const ends = endTimes.map((time) => Date.parse(toIsoTime(time) ?? '')).filter((time) => !Number.isNaN(time));
  if (ends.length === 0) return MIN_ROTATION_TTL_MS;
  return Math.min(MAX_ROTATION_TTL_MS, Math.max(MIN_ROTATION_TTL_MS, Math.min(...ends) - now));
}
