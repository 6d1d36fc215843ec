// Runs in the browser page (bundled by esbuild): the official SDK client, exactly as a web app
// would use it, behind a small handle API the matrix drives through page.evaluate.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const clients = new Map<number, Client>();
let next = 0;

const api = {
  async connect(endpoint: string, headers: Record<string, string>): Promise<number> {
    const client = new Client({ name: 'browser-page', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { requestInit: { headers } }));
    clients.set(++next, client);
    return next;
  },
  async listTools(id: number): Promise<string[]> {
    return (await clients.get(id)!.listTools()).tools.map(({ name }) => name);
  },
  async call(id: number, name: string, args: Record<string, unknown>): Promise<unknown> {
    return clients.get(id)!.callTool({ name, arguments: args });
  },
  async close(id: number): Promise<void> {
    await clients.get(id)?.close();
    clients.delete(id);
  },
};

(globalThis as unknown as { mcp: typeof api }).mcp = api;
