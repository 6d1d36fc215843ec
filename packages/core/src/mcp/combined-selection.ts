import { ConfigError } from '../config.ts';
import type { Pack } from '../pack.ts';

/** COMBINED_INCLUDE / COMBINED_EXCLUDE as parsed: entries `<pack>` or `<pack>/<tool>`. */
export interface CombinedSettings {
  include?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
}

/** Which packs and tools the combined endpoint serves. */
export interface CombinedSelection {
  /** Whether any tool of the pack may be served (a pack left out is never asked). */
  servesPack(pack: string): boolean;
  serves(pack: string, tool: string): boolean;
}

interface Rules {
  packs: Set<string>;
  tools: Set<string>;
}

function rulesOf(entries: readonly string[]): Rules {
  const rules: Rules = { packs: new Set(), tools: new Set() };
  for (const entry of entries) (entry.includes('/') ? rules.tools : rules.packs).add(entry);
  return rules;
}

/**
 * Everything unless COMBINED_INCLUDE names packs or tools; then COMBINED_EXCLUDE takes some
 * away (exclude wins). Checked against the packs served: an unknown pack, or a built-in pack's
 * unknown tool, stops the start with the variable named. A remote pack's tools are not checked:
 * its server may add them later.
 */
export function combinedSelection(settings: CombinedSettings, packs: readonly Pack[]): CombinedSelection {
  const problems = [...check('COMBINED_INCLUDE', settings.include ?? [], packs), ...check('COMBINED_EXCLUDE', settings.exclude ?? [], packs)];
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  const include = settings.include?.length ? rulesOf(settings.include) : undefined;
  const exclude = rulesOf(settings.exclude ?? []);
  const includedTool = (pack: string, tool: string) => !include || include.packs.has(pack) || include.tools.has(`${pack}/${tool}`);
  return {
    servesPack: (pack) => !exclude.packs.has(pack) && (!include || include.packs.has(pack) || [...include.tools].some((entry) => entry.startsWith(`${pack}/`))),
    serves: (pack, tool) => !exclude.packs.has(pack) && !exclude.tools.has(`${pack}/${tool}`) && includedTool(pack, tool),
  };
}

function check(variable: string, entries: readonly string[], packs: readonly Pack[]): string[] {
  const byName = new Map(packs.map((pack) => [pack.name, pack]));
  return entries.flatMap((entry) => {
    const [packName, tool, extra] = entry.split('/');
    const pack = byName.get(packName!);
    if (extra !== undefined || packName === '' || tool === '') return [`${variable}: "${entry}" is not <pack> or <pack>/<tool>`];
    if (!pack) return [`${variable}: no pack "${packName}" is served here; served: ${[...byName.keys()].join(', ') || '(none)'}`];
    if (tool !== undefined && !pack.remoteTools && !pack.tools.some((defined) => defined.name === tool)) {
      return [`${variable}: the pack "${packName}" has no tool "${tool}"`];
    }
    return [];
  });
}
