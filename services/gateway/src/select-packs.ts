import { ConfigError, type PackModule } from '@toolgate/core';

/** `TOOLGATE_PACKS` (comma-separated names) picks which packs to serve; unset means all. */
export function selectPacks(available: PackModule[], wanted: string | undefined): PackModule[] {
  const names = (wanted ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) return available;
  const unknown = names.filter((name) => !available.some((module) => module.name === name));
  if (unknown.length > 0) {
    const known = available.map((module) => module.name).join(', ') || '(none installed)';
    throw new ConfigError(`invalid configuration:\n  TOOLGATE_PACKS: unknown pack(s) ${unknown.join(', ')}; available: ${known}`);
  }
  return available.filter((module) => names.includes(module.name));
}
