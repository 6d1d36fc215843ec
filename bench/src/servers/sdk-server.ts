import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { ADD_TOOL, add, addInput, addOutput, toolResult } from '../add-tool.ts';
import { serveInChild } from './serve-in-child.ts';

/**
 * (d) The SDK v2's documented per-request server: `createMcpHandler` builds a fresh McpServer
 * from this factory for every request; `toNodeHandler` mounts it on node:http.
 */
function buildServer(): McpServer {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool(
    ADD_TOOL.name,
    { title: ADD_TOOL.title, description: ADD_TOOL.description, annotations: ADD_TOOL.annotations, inputSchema: addInput, outputSchema: addOutput },
    async (args) => toolResult(add(args)),
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
