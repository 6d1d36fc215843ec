import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sdkSession } from '../mcp-session.ts';
import { connectWithOAuth } from '../oauth-flow.ts';
import { keyHeaders, type ClientUnderTest } from '../types.ts';

export const sdkV1: ClientUnderTest = {
  name: 'MCP TypeScript SDK v1 client',
  packages: ['@modelcontextprotocol/sdk'],
  async connect(endpoint, credentials) {
    const open = async (authProvider?: never) => {
      const client = new Client({ name: 'client-matrix', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { authProvider, requestInit: { headers: keyHeaders(credentials) } }));
      return sdkSession(client);
    };
    if (credentials.kind !== 'oauth') return open();
    return connectWithOAuth(
      (provider) => open(provider as never),
      (provider, code) => auth(provider as never, { serverUrl: endpoint, authorizationCode: code }),
    );
  },
};
