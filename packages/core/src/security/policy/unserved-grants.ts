import type { Logger } from '../../logger.ts';
import type { Pack } from '../../pack.ts';
import type { PolicyKey } from './policy-file.ts';

/** A pack as this process serves it: its tools, or undefined when a server lists them at run time. */
export interface ServedPackTools {
  name: string;
  tools: readonly string[] | undefined;
}

export interface UnservedGrants {
  /** `key "<name>": <pack>/<tool>` for a tool its pack, served here, does not have: a typo or a renamed tool, never right. */
  unknownTools: string[];
  /** `key "<name>": <pack>` for a pack this process does not serve: right in a split deployment, a typo otherwise. */
  otherPacks: string[];
}

/**
 * What API_KEYS_FILE grants that this process does not serve, checked once at start: such a grant
 * gives nothing here, and a key whose grants in a pack are all unknown tools is refused there (403)
 * as a key without any grant in it is (pack-access.ts).
 */
export function unservedGrants(keys: readonly PolicyKey[], packs: readonly ServedPackTools[]): UnservedGrants {
  const served = new Map(packs.map(({ name, tools }) => [name, tools === undefined ? undefined : new Set(tools)]));
  const unknownTools: string[] = [];
  const otherPacks = new Set<string>();
  for (const { name, policy } of keys) {
    for (const pack of policy.packs) if (!served.has(pack)) otherPacks.add(`key "${name}": ${pack}`);
    for (const grant of policy.tools) {
      const [pack, tool] = [grant.slice(0, grant.indexOf('/')), grant.slice(grant.indexOf('/') + 1)];
      if (!served.has(pack)) otherPacks.add(`key "${name}": ${pack}`);
      else if (served.get(pack)?.has(tool) === false) unknownTools.push(`key "${name}": ${grant}`);
    }
  }
  return { unknownTools, otherPacks: [...otherPacks] };
}

/**
 * Logged once at start: a tool its pack lacks is a mistake (warn); a pack served elsewhere is
 * right in a split deployment, where every process reads the one file, so it is only noted.
 */
export function warnUnservedGrants(logger: Logger, keys: readonly PolicyKey[], packs: readonly Pick<Pack, 'name' | 'tools' | 'remoteTools'>[]): void {
  const served = packs.map((pack) => ({ name: pack.name, tools: pack.remoteTools ? undefined : pack.tools.map((tool) => tool.name) }));
  const { unknownTools, otherPacks } = unservedGrants(keys, served);
  if (unknownTools.length > 0) logger.warn({ unknownTools }, `API_KEYS_FILE grants tools their packs do not have (they give nothing): ${unknownTools.join('; ')}`);
  if (otherPacks.length > 0) logger.info({ otherPacks }, `API_KEYS_FILE names packs this process does not serve (another process's in a split deployment, or a typo): ${otherPacks.join('; ')}`);
}
