import type { BrawlifyGameMode } from './brawlify-schemas.ts';

/**
 * Brawlify hashes whose official id is not what the camel-case rule below gives, keyed by `hash`.
 * Empty today: every mode of the recorded `/gamemodes` answer follows the rule (test/mode-id.test.ts),
 * and the only recorded disagreement, Brawlify's `gemGrab5v5` against the official `gemGrab5V5`, is
 * the rule's NvN case. A mode Supercell names differently from Brawlify's hash goes here.
 */
export const MODE_ID_EXCEPTIONS: Readonly<Record<string, string>> = {};

/** `Gem-Grab` → `gemGrab`; `Gem-Grab-5v5` → `gemGrab5V5` (the official API's spelling: Brawlify's own `scHash` says `gemGrab5v5`). */
export function camelModeId(hash: string): string {
  const words = hash.split(/[-\s]+/).filter(Boolean);
  return words
    .map((word, index) => {
      const teams = /^(\d+)v(\d+)$/i.exec(word);
      if (teams) return `${teams[1]}V${teams[2]}`;
      const lower = word.toLowerCase();
      return index === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

/**
 * The official API's mode id (`gemGrab`, `gemGrab5V5`, `soloShowdown`) for a mode as Brawlify
 * describes it, so both sources give the same `mode` for the same event. Brawlify's events carry no
 * `scHash`, so the id comes from its `hash` (or, failing that, its display name); undefined when
 * Brawlify sent neither.
 */
export function officialModeId(mode: BrawlifyGameMode | null | undefined): string | undefined {
  const hash = mode?.hash ?? mode?.name?.trim().replace(/\s+/g, '-');
  if (!hash) return undefined;
  return MODE_ID_EXCEPTIONS[hash] ?? camelModeId(hash);
}
