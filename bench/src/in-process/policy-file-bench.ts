import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The key the keyed targets' calls present: in API_KEYS for one, the last of 1,000 file entries for the other. */
export const BENCH_KEY = 'bench-key-0999';

/**
 * An API_KEYS_FILE of 1,000 named keys (issue 27's serving-path check), each restricted to
 * the quotes pack, so every call runs the policy's checks; no limits, so no call is refused.
 */
export function writeBenchPolicyFile(): string {
  const keys = Array.from({ length: 1_000 }, (_, index) => {
    const key = `bench-key-${String(index).padStart(4, '0')}`;
    return { name: `agent-${index}`, key_sha256: createHash('sha256').update(key).digest('hex'), packs: ['quotes'] };
  });
  const path = join(mkdtempSync(join(tmpdir(), 'toolgate-bench-')), 'keys.json');
  writeFileSync(path, JSON.stringify({ keys }));
  return path;
}
