import { freePort } from '@toolgate/test-support';
import { FastMCP } from 'fastmcp';
import { QUOTE_TOOL, quoteInput, quoteOutput, randomQuote, toolResult } from '../quote-tool.ts';
import { announcePort } from './serve-in-child.ts';

/** fastmcp, stateless HTTP streaming as its README shows, with JSON answers. It listens by itself, on a port found free. */
const server = new FastMCP({ name: 'bench', version: '1.0.0' });
server.addTool({
  name: QUOTE_TOOL.name,
  description: QUOTE_TOOL.description,
  annotations: { title: QUOTE_TOOL.title, ...QUOTE_TOOL.annotations },
  parameters: quoteInput,
  outputSchema: quoteOutput,
  execute: async (args) => toolResult(randomQuote(args)),
});

const port = await freePort();
await server.start({ transportType: 'httpStream', httpStream: { port, host: '127.0.0.1', endpoint: '/bench/mcp', stateless: true, enableJsonResponse: true } });
announcePort(port, () => void server.stop().then(() => process.exit(0)));
