import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { connectWithOAuth } from '../oauth-flow.ts';
import { keyHeaders, type ClientUnderTest } from '../types.ts';

/**
 * LangChain's MCP adapters: tools as LangChain tools, invoked as an agent invokes them. A tool
 * error reaches the agent as a thrown ToolException carrying the server's message.
 */
export const langchain: ClientUnderTest = {
  name: 'LangChain MCP adapters',
  packages: ['@langchain/mcp-adapters'],
  async connect(endpoint, credentials) {
    const open = async (authProvider?: never) => {
      const client = new MultiServerMCPClient({
        mcpServers: { gateway: { transport: 'http', url: endpoint, headers: keyHeaders(credentials), authProvider } },
        throwOnLoadError: true,
        prefixToolNameWithServerName: false,
      });
      const tools = await client.getTools();
      return {
        listTools: async () => tools.map((tool) => tool.name),
        async call(name: string, args: Record<string, unknown>) {
          const tool = tools.find((candidate) => candidate.name === name);
          if (!tool) throw new Error(`no tool ${name}`);
          try {
            const result = await tool.invoke(args);
            return { isError: false, text: typeof result === 'string' ? result : JSON.stringify(result) };
          } catch (error) {
            if ((error as Error).name !== 'ToolException') throw error;
            return { isError: true, text: (error as Error).message };
          }
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
