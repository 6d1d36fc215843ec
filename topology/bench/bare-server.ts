// The baseline: a bare node:http server that answers every POST with a fixed tools/call result
// (the id echoed), no framework, no validation. Logs the same `listening` line as a pack.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let id: unknown = null;
    try {
      id = JSON.parse(Buffer.concat(chunks).toString()).id ?? null;
    } catch {
      // a baseline: any body gets an answer
    }
    const result = { text: 'bench', replica: 'bare' };
    const body = JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result } });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
