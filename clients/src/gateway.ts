import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@toolgate/core/server';
import { remotePackModules } from '@toolgate/federation';
import { packModules } from '@toolgate/gateway';
import { freePort } from '@toolgate/test-support';
import type { Mode } from './types.ts';

export const API_KEY = 'client-matrix-key-4f1c9e';

/** The name of the remote pack: the MCP server at `remoteUrl`, fronted through MCP_SERVERS_FILE. */
export const REMOTE_PACK = 'everything';

/**
 * The all-in-one gateway as `pnpm start` builds it, serving the quotes pack (keyless, local
 * data), the concert pack without BANDSINTOWN_APP_ID (its tool's error path) and a remote pack
 * (the MCP server at `remoteUrl`, from an mcpServers file), guarded as `mode` asks. The port is
 * chosen first so OAuth mode's PUBLIC_URL can name it.
 */
export async function startGateway(mode: Mode, remoteUrl: string, issuer?: string): Promise<RunningServer> {
  const port = await freePort();
  // Every client runs from 127.0.0.1, and the no-key column fails auth on purpose dozens of
  // times a minute: the per-address failure limit would answer 429 before the advice.
  const env: NodeJS.ProcessEnv = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', AUTH_FAILURES_PER_MINUTE: '10000' };
  if (mode === 'key') env.API_KEYS = API_KEY;
  if (mode === 'oauth') Object.assign(env, { OAUTH_ISSUER: issuer, PUBLIC_URL: `http://127.0.0.1:${port}` });
  const file = join(mkdtempSync(join(tmpdir(), 'client-matrix-')), 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: { [REMOTE_PACK]: { url: remoteUrl } } }));
  Object.assign(env, { MCP_SERVERS_FILE: file, PATH: process.env.PATH });
  const remote = remotePackModules(env, packModules.map(({ name }) => name));
  const modules = [...packModules.filter(({ name }) => name === 'quotes' || name === 'concert'), ...remote];
  return startServer({ service: 'client-matrix', modules, defaultPort: port, env });
}
