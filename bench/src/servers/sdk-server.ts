import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { QUOTE_TOOL, quoteInput, quoteOutput, randomQuote, toolResult } from '../quote-tool.ts';
import { serveInChild } from './serve-in-child.ts';

/**
 * (d) The SDK v2's documented per-request server: `createMcpHandler` builds a fresh McpServer
 * from this factory for every request; `toNodeHandler` mounts it on node:http.
 */
function buildServer(): McpServer {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool(
    QUOTE_TOOL.name,
    { title: QUOTE_TOOL.title, description: QUOTE_TOOL.description, annotations: QUOTE_TOOL.annotations, inputSchema: quoteInput, outputSchema: quoteOutput },
    async (args) => toolResult(randomQuote(args)),
  );
  return server;
}

const handle = toNodeHandler(createMcpHandler(buildServer));
serveInChild(
  createServer((request, response) => {
    if (request.url !== '/bench/mcp') {
      response.writeHead(404).end();
      return;
    }
    void handle(request, response);
  }),
);
