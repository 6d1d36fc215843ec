import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { QUOTE_TOOL, quoteInput, quoteOutput, randomQuote, toolResult } from '../quote-tool.ts';

/** An SDK v1 McpServer with the benchmark's tool: what sdk-v1 and @hono/mcp build per request. */
export function buildSdkV1Server(): McpServer {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool(
    QUOTE_TOOL.name,
    { title: QUOTE_TOOL.title, description: QUOTE_TOOL.description, annotations: QUOTE_TOOL.annotations, inputSchema: quoteInput.shape, outputSchema: quoteOutput.shape },
    async (args) => toolResult(randomQuote(args)),
  );
  return server;
}
