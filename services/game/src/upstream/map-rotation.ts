import type { BrawlifyEvents, OfficialRotation } from './schemas.ts';

export interface RotationEvent {
  id: number;
  mode: string;
  map: string;
  startTime: string;
  endTime: string;
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/;

/** `20260922T080000.000Z` (Supercell's compact form) or any ISO 8601 time → `2026-09-22T08:00:00.000Z`; junk → undefined. */
export function toIsoTime(value: string): string | undefined {
  const compact = COMPACT.exec(value);
  const text = compact ? `${compact[1]}-${compact[2]}-${compact[3]}T${compact[4]}:${compact[5]}:${compact[6]}${compact[7] ?? ''}Z` : value;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

// The schemas only let parseable times through, so the fallback never shows.
const iso = (value: string) => toIsoTime(value) ?? value;

export function mapOfficialRotation(rotation: OfficialRotation): RotationEvent[] {
  return rotation.map((slot) => ({
    id: slot.event.id,
    mode: slot.event.mode ?? 'unknown',
    map: slot.event.map ?? '',
    startTime: iso(slot.startTime),
    endTime: iso(slot.endTime),
  }));
}

/** Brawlify names modes for display ("Gem Grab"); its `scHash` is the official API's id ("gemGrab"), used for both sources. */
export function mapBrawlifyEvents(events: BrawlifyEvents): RotationEvent[] {
  return events.active.map((slot) => ({
    id: slot.map.id,
    mode: slot.map.gameMode?.scHash ?? slot.map.gameMode?.name ?? 'unknown',
    map: slot.map.name ?? '',
    startTime: iso(slot.startTime),
    endTime: iso(slot.endTime),
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
