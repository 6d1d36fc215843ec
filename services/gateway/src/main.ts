import { runMain } from '@toolgate/core';
import { packModules } from './pack-modules.ts';
import { selectPacks } from './select-packs.ts';

try {
  runMain({ service: 'gateway', modules: selectPacks(packModules, process.env.TOOLGATE_PACKS), defaultPort: 8080 });
} catch (error) {
  process.stderr.write(`gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
