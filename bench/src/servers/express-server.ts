import { createServer } from 'node:http';
import express from 'express';
import { randomQuote, toolResult } from '../quote-tool.ts';
import { serveInChild } from './serve-in-child.ts';

/** (b) The baseline of the issue: express.json() and a handler writing the same JSON-RPC response, no MCP layer. */
const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.post('/bench/mcp', express.json(), (request, response) => {
  const { id, params } = request.body;
  response.json({ jsonrpc: '2.0', id, result: toolResult(randomQuote(params.arguments)) });
});
serveInChild(createServer(app));
