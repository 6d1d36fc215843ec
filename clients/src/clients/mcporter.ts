import { outcomeOf } from '../mcp-session.ts';
import { firstJson, runCli } from '../run-cli.ts';
import type { ClientUnderTest, Credentials, Session } from '../types.ts';

/** `mcporter list` / `mcporter call <url>.<tool> key=value`: ad-hoc HTTP servers, one process per request. */
export const mcporter: ClientUnderTest = {
  name: 'mcporter CLI',
  packages: ['mcporter'],
  skip: { oauth: 'its OAuth login opens a browser and waits for the redirect; not automated here' },
  async connect(endpoint: string, credentials: Credentials): Promise<Session> {
    const auth = credentials.kind === 'key' ? ['--header', `Authorization=Bearer ${credentials.key}`] : [];
    const run = async (args: string[]) => {
      const result = await runCli('mcporter', [...args, '--allow-http', '--no-oauth', ...auth]);
      if (result.code === 0) return firstJson(result.stdout);
      // A tool error exits 1 with the result on stdout.
      const printed = result.stdout.includes('"isError"') ? (firstJson(result.stdout) as { isError?: boolean }) : undefined;
      if (printed?.isError) return printed;
      throw new Error(`exit ${result.code}: ${(result.stderr || result.stdout).trim().slice(0, 200)}`);
    };
    return {
      async listTools() {
        const listed = (await run(['list', '--http-url', endpoint, '--json'])) as { status: string; tools?: { name: string }[]; error?: unknown };
        if (listed.status !== 'ok') throw new Error(`list: ${JSON.stringify(listed).slice(0, 200)}`);
        return (listed.tools ?? []).map(({ name }) => name);
      },
      async call(name, args) {
        const printed = await run(['call', `${endpoint}.${name}`, ...Object.entries(args).map(([key, value]) => `${key}=${String(value)}`), '--output', 'json']);
        // A success prints the structured result itself; a tool error prints the whole CallToolResult.
        const result = printed as { isError?: boolean };
        return result.isError === undefined ? { isError: false, text: JSON.stringify(printed) } : outcomeOf(printed);
      },
      close: async () => undefined,
    };
  },
};
