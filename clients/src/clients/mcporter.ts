import { outcomeOf } from '../mcp-session.ts';
import { cliError, firstJson, runCli } from '../run-cli.ts';
import type { ClientUnderTest, Credentials, Session } from '../types.ts';

/** `mcporter list` / `mcporter call --http-url <url> --tool <tool> --args <json>`: ad-hoc HTTP servers, one process per request. */
export const mcporter: ClientUnderTest = {
  name: 'mcporter CLI',
  packages: ['mcporter'],
  async connect(endpoint: string, credentials: Credentials): Promise<Session> {
    // A name per pack: mcporter keys stored OAuth tokens by server name, and each pack is a resource of its own.
    const name = new URL(endpoint).pathname.split('/')[1]!;
    const auth = credentials.kind === 'key' ? ['--header', `Authorization=Bearer ${credentials.key}`] : [];
    if (credentials.kind === 'oauth') {
      // `mcporter auth` logs in (it opens the browser and waits for the redirect); the calls
      // below then use the stored token and never start a login themselves (--no-oauth).
      const login = await runCli('mcporter', ['auth', endpoint, '--allow-http', '--name', name]);
      if (login.code !== 0) throw cliError('mcporter auth', login);
    }
    auth.push('--name', name);
    const run = async (args: string[]) => {
      const result = await runCli('mcporter', [...args, '--allow-http', '--no-oauth', ...auth]);
      if (result.code === 0) return firstJson(result.stdout);
      // A tool error exits 1 with the result on stdout.
      const printed = result.stdout.includes('"isError"') ? (firstJson(result.stdout) as { isError?: boolean }) : undefined;
      if (printed?.isError) return printed;
      throw cliError('mcporter', result);
    };
    return {
      async listTools() {
        const listed = (await run(['list', '--http-url', endpoint, '--json'])) as { status: string; tools?: { name: string }[]; error?: unknown };
        if (listed.status !== 'ok') throw new Error(`list: ${JSON.stringify(listed).slice(0, 200)}`);
        return (listed.tools ?? []).map(({ name }) => name);
      },
      async call(name, args) {
        // --http-url and --tool rather than `<url>.<tool>`, which a query string (`?view=search`) would swallow; --args for nested objects.
        const printed = await run(['call', '--http-url', endpoint, '--tool', name, '--args', JSON.stringify(args), '--output', 'json']);
        // A success prints the structured result itself; a tool error prints the whole CallToolResult.
        const result = printed as { isError?: boolean };
        return result.isError === undefined ? { isError: false, text: JSON.stringify(printed) } : outcomeOf(printed);
      },
      close: async () => undefined,
    };
  },
};
