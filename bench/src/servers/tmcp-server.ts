import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { HttpTransport } from '@tmcp/transport-http';
import { McpServer } from 'tmcp';
import { QUOTE_TOOL, quoteInput, quoteOutput, randomQuote, toolResult } from '../quote-tool.ts';
import { serveFetch } from './serve-fetch.ts';

/** tmcp with its zod adapter and @tmcp/transport-http, as the READMEs set them up. */
const server = new McpServer({ name: 'bench', version: '1.0.0', description: 'benchmark' }, { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: {} } });
server.tool(
  { name: QUOTE_TOOL.name, title: QUOTE_TOOL.title, description: QUOTE_TOOL.description, schema: quoteInput, outputSchema: quoteOutput, annotations: QUOTE_TOOL.annotations },
  async (args) => toolResult(randomQuote(args)),
);
const transport = new HttpTransport(server, { path: '/bench/mcp' });
serveFetch(async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 }));
