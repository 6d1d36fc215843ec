import { join } from 'node:path';
import { outcomeOf } from '../mcp-session.ts';
import { CLI_HOME, firstJson, runCli } from '../run-cli.ts';
import type { ClientUnderTest, Credentials, Session } from '../types.ts';

/** `mcp-inspector --cli <url> --method …`: one process per request, as a user scripts it. */
export const inspectorCli: ClientUnderTest = {
  name: 'MCP Inspector CLI (--cli)',
  packages: ['@modelcontextprotocol/inspector'],
  skip: { oauth: 'its OAuth login needs a browser to open and a callback listener; not automated here' },
  async connect(endpoint: string, credentials: Credentials): Promise<Session> {
    const auth = credentials.kind === 'key' ? ['--header', `Authorization: Bearer ${credentials.key}`] : [];
    const env = { MCP_CATALOG_PATH: join(CLI_HOME, 'inspector-catalog.json') };
    const inspect = async (...args: string[]) => {
      const result = await runCli('mcp-inspector', ['--cli', endpoint, '--transport', 'http', ...auth, ...args], env);
      // Exit 5 is its "the tool returned isError" status, with the result on stdout.
      if (result.code !== 0 && result.code !== 5) throw new Error(`exit ${result.code}: ${(result.stderr || result.stdout).trim().slice(0, 200)}`);
      return firstJson(result.stdout);
    };
    return {
      listTools: async () => ((await inspect('--method', 'tools/list')) as { tools: { name: string }[] }).tools.map(({ name }) => name),
      call: async (name, args) =>
        outcomeOf(await inspect('--method', 'tools/call', '--tool-name', name, '--tool-arg', ...Object.entries(args).map(([key, value]) => `${key}=${String(value)}`))),
      close: async () => undefined,
    };
  },
};
