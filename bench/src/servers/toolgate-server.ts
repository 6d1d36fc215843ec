import { createServer } from 'node:http';
import { createApp, createLogger, createMetrics, definePack, defineTool } from '@toolgate/core/server';
import { QUOTE_TOOL, quoteInput, quoteOutput, randomQuote } from '../quote-tool.ts';
import { serveInChild } from './serve-in-child.ts';

/** (a) A toolgate pack as a service builds it: the full app, metrics and logger at their defaults. */
const pack = definePack({
  name: 'bench',
  version: '1.0.0',
  tools: [defineTool({ ...QUOTE_TOOL, inputSchema: quoteInput, outputSchema: quoteOutput, handler: async (args) => randomQuote(args) })],
});

const app = createApp({
  packs: [{ pack, segment: 'bench' }],
  // `info`, the production default: access lines are at debug and so are not written.
  logger: createLogger({ level: 'info', name: 'bench' }),
  metrics: createMetrics(),
});
serveInChild(createServer(app));
