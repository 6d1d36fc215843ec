import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import { buildSdkV1Server } from './sdk-v1-quote-server.ts';
import { serveInChild } from './serve-in-child.ts';

/**
 * The SDK v1's stateless Express pattern (its example simpleStatelessStreamableHttp): per
 * request a new McpServer and a StreamableHTTPServerTransport without session ids, closed
 * when the response closes. JSON answers (`enableJsonResponse`), its cheapest mode.
 */
const app = express();
app.disable('x-powered-by');
app.use(express.json());
app.post('/bench/mcp', async (request, response) => {
  const server = buildSdkV1Server();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, request.body);
});
serveInChild(createServer(app));
