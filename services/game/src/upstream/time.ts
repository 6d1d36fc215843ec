import { z } from 'zod';

const COMPACT = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/;

/** `20260922T080000.000Z` (Supercell's compact form) or any ISO 8601 time → `2026-09-22T08:00:00.000Z`; junk → undefined. */
export function toIsoTime(value: string): string | undefined {
  const compact = COMPACT.exec(value);
  const text = compact ? `${compact[1]}-${compact[2]}-${compact[3]}T${compact[4]}:${compact[5]}:${compact[6]}${compact[7] ?? ''}Z` : value;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** For values a schema has already checked with `toIsoTime`, so the fallback never shows. */
export const iso = (value: string): string => toIsoTime(value) ?? value;

/** Supercell's compact `20250814T080000.000Z`, or ISO 8601: what both upstreams send. */
export const timeSchema = z.string().refine((value) => toIsoTime(value) !== undefined, 'a timestamp');
