import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';

const anything = z.looseObject({});

/**
 * An SDK client talking to the server directly, reading answers verbatim: what the gateway must
 * match. `capabilities`: what it declares (toolgate declares the ones it relays: a server may offer
 * more tools to such a client).
 */
export async function connectDirect(url: string, capabilities: Record<string, unknown> = {}) {
  const client = new Client({ name: 'direct', version: '1.0.0' }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    listTools: async () => (await client.request({ method: 'tools/list', params: {} }, anything)).tools as { name: string }[],
    callTool: (name: string, args: Record<string, unknown>) => client.request({ method: 'tools/call', params: { name, arguments: args } }, anything),
    close: () => client.close(),
  };
}
