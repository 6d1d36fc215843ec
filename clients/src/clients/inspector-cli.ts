import { join } from 'node:path';
import { outcomeOf } from '../mcp-session.ts';
import { freePort } from '@toolgate/test-support';
import { CLI_HOME, cliError, firstJson, runCli } from '../run-cli.ts';
import type { ClientUnderTest, Credentials, Session } from '../types.ts';

/** `mcp-inspector --cli <url> --method …`: one process per request, as a user scripts it. */
export const inspectorCli: ClientUnderTest = {
  name: 'MCP Inspector CLI (--cli)',
  packages: ['@modelcontextprotocol/inspector'],
  async connect(endpoint: string, credentials: Credentials): Promise<Session> {
    const auth = credentials.kind === 'key' ? ['--header', `Authorization: Bearer ${credentials.key}`] : [];
    const env: NodeJS.ProcessEnv = { MCP_CATALOG_PATH: join(CLI_HOME, 'inspector-catalog.json'), MCP_INSPECTOR_SECRET_STORE: 'memory' };
    if (credentials.kind === 'oauth') {
      // Its own login on every run (tokens kept in memory only): the browser opens the
      // authorization URL and the approval lands on its callback listener (on a free port).
      auth.push('--callback-url', `http://127.0.0.1:${await freePort()}/oauth/callback`);
      env.MCP_AUTO_OPEN_ENABLED = 'true';
    }
    const inspect = async (...args: string[]) => {
      const result = await runCli('mcp-inspector', ['--cli', endpoint, '--transport', 'http', ...auth, ...args], env);
      // Exit 5 is its "the tool returned isError" status, with the result on stdout.
      if (result.code !== 0 && result.code !== 5) throw cliError('mcp-inspector', result);
      return firstJson(result.stdout);
    };
    return {
      listTools: async () => ((await inspect('--method', 'tools/list')) as { tools: { name: string }[] }).tools.map(({ name }) => name),
      call: async (name, args) =>
        outcomeOf(await inspect('--method', 'tools/call', '--tool-name', name, '--tool-arg', ...Object.entries(args).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`))),
      close: async () => undefined,
    };
  },
};
