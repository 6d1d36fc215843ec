import { auth, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { sdkSession } from '../mcp-session.ts';
import { connectWithOAuth } from '../oauth-flow.ts';
import { keyHeaders, type ClientUnderTest, type Credentials } from '../types.ts';

function sdkV2(name: string, options: ConstructorParameters<typeof Client>[1], era: 'modern' | 'legacy'): ClientUnderTest {
  return {
    name,
    packages: ['@modelcontextprotocol/client'],
    async connect(endpoint: string, credentials: Credentials) {
      const open = async (authProvider?: never) => {
        const client = new Client({ name: 'client-matrix', version: '2.0.0' }, options);
        await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { authProvider, requestInit: { headers: keyHeaders(credentials) } }));
        // The row claims an era: check the client really speaks it.
        if (client.getProtocolEra() !== era) throw new Error(`negotiated the ${client.getProtocolEra()} era, not ${era}`);
        return sdkSession(client);
      };
      if (credentials.kind !== 'oauth') return open();
      return connectWithOAuth(
        (provider) => open(provider as never),
        (provider, code) => auth(provider as never, { serverUrl: endpoint, authorizationCode: code }),
      );
    },
  };
}

export const sdkV2Modern = sdkV2('MCP TypeScript SDK v2 client, pinned to 2026-07-28', { versionNegotiation: { mode: { pin: '2026-07-28' } } }, 'modern');
export const sdkV2Legacy = sdkV2('MCP TypeScript SDK v2 client, legacy negotiation (default)', undefined, 'legacy');
