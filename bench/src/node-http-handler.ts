import type { RequestListener } from 'node:http';
import { randomQuote, toolResult } from './quote-tool.ts';

/** The limit: bare node:http reads and parses the body and writes the same JSON-RPC response. */
export const nodeHttpHandler: RequestListener = (request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { id, params } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const body = JSON.stringify({ jsonrpc: '2.0', id, result: toolResult(randomQuote(params.arguments)) });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
};
