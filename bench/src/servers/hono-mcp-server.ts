import { StreamableHTTPTransport } from '@hono/mcp';
import { Hono } from 'hono';
import { buildSdkV1Server } from './sdk-v1-quote-server.ts';
import { serveFetch } from './serve-fetch.ts';

/**
 * @hono/mcp: Hono with the SDK v1's McpServer behind @hono/mcp's StreamableHTTPTransport,
 * stateless (no session id generator). A server and transport per request: one shared
 * stateless transport mixes up concurrent requests that carry the same JSON-RPC id.
 */
const app = new Hono();
app.post('/bench/mcp', async (context) => {
  const server = buildSdkV1Server();
  const transport = new StreamableHTTPTransport({ enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(context);
});
serveFetch(app.fetch);
