import { createMcpClient } from '@genkit-ai/mcp';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { genkit } from 'genkit';
import { connectWithOAuth } from '../oauth-flow.ts';
import { keyHeaders, type ClientUnderTest } from '../types.ts';

/**
 * Google's Genkit: MCP tools become Genkit tool actions, whose input Genkit validates with
 * its own Ajv before the call (where a `$schema` naming 2020-12 used to fail).
 */
export const genkitClient: ClientUnderTest = {
  name: 'Genkit',
  packages: ['@genkit-ai/mcp', 'genkit'],
  known: {
    nokey: 'a failed connection is kept inside the client (its log says only "Unauthorized"); the app sees a server without tools',
  },
  async connect(endpoint, credentials) {
    const ai = genkit({});
    const open = async (authProvider?: never) => {
      const client = createMcpClient({ name: 'gateway', mcpServer: { url: endpoint, requestInit: { headers: keyHeaders(credentials) }, authProvider } });
      await client.ready();
      const tools = await client.getActiveTools(ai);
      // Genkit keeps a failed connection's error instead of throwing it.
      if (tools.length === 0) throw new Error('no tools: the connection failed');
      const byName = new Map(tools.map((tool) => [tool.__action.name.split('/').pop()!, tool]));
      return {
        listTools: async () => [...byName.keys()],
        async call(name: string, args: Record<string, unknown>) {
          const tool = byName.get(name);
          if (!tool) throw new Error(`no tool ${name}`);
          try {
            const result = await tool(args);
            // @genkit-ai/mcp turns an isError result into `{ error: <its text> }` (lib/util/tools.js).
            const error = (result as { error?: unknown } | null)?.error;
            if (typeof error === 'string') return { isError: true, text: error };
            return { isError: false, text: typeof result === 'string' ? result : JSON.stringify(result) };
          } catch (error) {
            return { isError: true, text: (error as Error).message };
          }
        },
        close: () => client.disable(),
      };
    };
    if (credentials.kind !== 'oauth') return open();
    return connectWithOAuth(
      (provider) => open(provider as never),
      (provider, code) => auth(provider as never, { serverUrl: endpoint, authorizationCode: code }),
    );
  },
};
