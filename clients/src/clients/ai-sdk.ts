import { auth, createMCPClient } from '@ai-sdk/mcp';
import { outcomeOf } from '../mcp-session.ts';
import { connectWithOAuth } from '../oauth-flow.ts';
import { keyHeaders, type ClientUnderTest } from '../types.ts';

/** Vercel AI SDK: its tools() set, whose execute() is what generateText calls. */
export const aiSdk: ClientUnderTest = {
  name: 'Vercel AI SDK',
  packages: ['@ai-sdk/mcp'],
  async connect(endpoint, credentials) {
    const open = async (authProvider?: never) => {
      const client = await createMCPClient({ transport: { type: 'http', url: endpoint, headers: keyHeaders(credentials), authProvider } });
      const tools = await client.tools();
      return {
        listTools: async () => Object.keys(tools),
        async call(name: string, args: Record<string, unknown>) {
          const tool = tools[name];
          if (!tool?.execute) throw new Error(`no tool ${name}`);
          return outcomeOf(await tool.execute(args, { toolCallId: 'matrix-call', messages: [] } as never));
        },
        close: () => client.close(),
      };
    };
    if (credentials.kind !== 'oauth') return open();
    return connectWithOAuth(
      (provider) => open(provider as never),
      (provider, code) => auth(provider as never, { serverUrl: endpoint, authorizationCode: code }),
    );
  },
};
