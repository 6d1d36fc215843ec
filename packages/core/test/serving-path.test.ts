import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createApp, createLogger, createMetrics, definePack, defineTool } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';

// Behaviour of the fast serving path that the bare-call tests do not reach: bodies that arrive
// in chunks, and the abort signal a handler gets when its client goes away.

async function listen(handler: http.RequestListener): Promise<{ port: number; close: () => void }> {
  const server = http.createServer(handler).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** Sends a body in chunks (chunked transfer encoding, so no Content-Length) and collects the answer. */
function postInChunks(port: number, chunks: string[]): Promise<string> {
  const request = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/echo/mcp', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
  const done = new Promise<string>((resolve) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve(`${response.statusCode} ${body}`));
    });
    request.on('error', (error) => resolve(`error ${error.message}`));
  });
  const [first, ...rest] = chunks;
  request.write(first);
  setTimeout(() => request.end(rest.join('')), 20);
  return done;
}

describe('the serving path over a real socket', () => {
  it('reads a body that arrives in several chunks without a Content-Length', async () => {
    const server = await listen(createEchoApp());
    const call = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'chunky' } } });
    const answer = await postInChunks(server.port, [call.slice(0, 30), call.slice(30)]);
    server.close();
    expect(answer).toMatch(/^200 /);
    expect(JSON.parse(answer.slice(4)).result.structuredContent).toEqual({ text: 'chunky', length: 6 });
  });

  it('answers 413 to a chunked body that outgrows the limit, with no Content-Length to warn of it', async () => {
    const server = await listen(createEchoApp({ maxBodyBytes: 1024 }));
    const answer = await postInChunks(server.port, [`{"pad":"${'x'.repeat(3000)}`, '"}']);
    server.close();
    expect(answer).toMatch(/^413 /);
    expect(JSON.parse(answer.slice(4)).error.message).toMatch(/Payload Too Large/);
  });

  it('aborts the signal a handler reads, early or late, once its client has gone away', async () => {
    const seen: Record<string, boolean> = {};
    let clientGone!: () => void;
    const gone = new Promise<void>((resolve) => (clientGone = resolve));
    const waiter = defineTool({
      name: 'wait',
      title: 'Wait',
      description: 'Waits for the client to leave, then reports what its abort signal says.',
      inputSchema: z.object({ early: z.boolean() }),
      outputSchema: z.object({}),
      async handler({ early }, context) {
        const signal = early ? context.signal : undefined;
        await gone;
        seen[early ? 'early' : 'late'] = (signal ?? context.signal).aborted;
        return {};
      },
    });
    const app = createApp({
      packs: [{ pack: definePack({ name: 't', version: '1', tools: [waiter] }), segment: 't' }],
      logger: createLogger({ level: 'silent' }),
      metrics: createMetrics({ collectProcessMetrics: false }),
    });
    const server = await listen(app);
    for (const early of [true, false]) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait', arguments: { early } } });
      const request = http.request({ port: server.port, host: '127.0.0.1', method: 'POST', path: '/t/mcp', headers: { 'content-type': 'application/json' } });
      request.on('error', () => {});
      request.end(body);
      // Leave once the server has had time to start the call.
      await new Promise((resolve) => setTimeout(resolve, 100));
      request.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    clientGone();
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.close();
    expect(seen).toEqual({ early: true, late: true });
  });
});
