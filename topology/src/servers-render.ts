import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServersFile, syncPacks } from '@toolgate/pack-tools';
import { repoRoot } from './repo.ts';

// An operator's servers file: a Streamable HTTP server (server-everything style) with a secret
// header, and a stdio one (server-memory style) whose env names HOME and a literal "$${".
export const SERVERS = {
  mcpServers: {
    everything: { url: 'http://everything-upstream:3001/mcp', headers: { Authorization: 'Bearer ${EVERYTHING_TOKEN}' } },
    memory: {
      command: 'node',
      args: ['/opt/server-memory/dist/index.js'],
      env: { MEMORY_FILE_PATH: '/tmp/memory.jsonl', HOME: '${HOME}', NOTE: '$${NOT_A_VARIABLE}' },
    },
  },
};

export interface RenderedCopy {
  /** A copy of the repository's files packs:sync reads and writes. */
  root: string;
  serversPath: string;
  serversText: string;
}

/**
 * A copy of the repository with SERVERS as its mcp-servers.json, before and after
 * `pnpm packs:sync --servers mcp-servers.json` (`beforeSync` sees the committed files).
 */
export async function renderServersInCopy(prefix: string, beforeSync: (copy: RenderedCopy) => void = () => undefined): Promise<RenderedCopy> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const path of ['.env.example', 'docker-compose.yml', 'Dockerfile', 'deploy', 'nginx', 'services']) {
    cpSync(join(repoRoot, path), join(root, path), { recursive: true, filter: (source) => !source.includes('node_modules') });
  }
  const copy = { root, serversPath: join(root, 'mcp-servers.json'), serversText: `${JSON.stringify(SERVERS, null, 2)}\n` };
  writeFileSync(copy.serversPath, copy.serversText);
  beforeSync(copy);
  // No variable is set: they are resolved in the containers, not when rendering.
  syncPacks(root, { servers: await loadServersFile(root, copy.serversPath, {}) });
  return copy;
}
