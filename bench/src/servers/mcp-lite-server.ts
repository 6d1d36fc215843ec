import { McpServer, StreamableHttpTransport } from 'mcp-lite';
import { z } from 'zod';
import { QUOTE_TOOL, quoteInput, quoteOutput, randomQuote, toolResult } from '../quote-tool.ts';
import { serveFetch } from './serve-fetch.ts';

/** mcp-lite as its README sets it up: one McpServer, a StreamableHttpTransport without sessions, zod schemas. */
const mcp = new McpServer({ name: 'bench', version: '1.0.0', schemaAdapter: (schema) => z.toJSONSchema(schema as z.ZodType) });
mcp.tool(QUOTE_TOOL.name, {
  title: QUOTE_TOOL.title,
  description: QUOTE_TOOL.description,
  inputSchema: quoteInput,
  outputSchema: quoteOutput,
  handler: (args) => toolResult(randomQuote(args)),
});
const handle = new StreamableHttpTransport().bind(mcp);
serveFetch((request) => (new URL(request.url).pathname === '/bench/mcp' ? handle(request) : new Response(null, { status: 404 })));
