import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postRpc, startNginx, toolCall, type RunningNginx } from '../src/index.ts';

// W3C trace context must reach the pack as the client sent it: the pack's server span continues
// the caller's trace only if nginx neither drops nor rewrites traceparent and tracestate.
describe('trace context through nginx', () => {
  let nginx: RunningNginx;
  let pack: Server;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // A stand-in for the pack that notes the headers each request arrives with.
    pack = createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}'));
    });
    await new Promise<void>((resolve) => pack.listen(0, '127.0.0.1', resolve));
    nginx = await startNginx({ upstreams: { echo: [`127.0.0.1:${(pack.address() as AddressInfo).port}`] } });
  });

  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => pack?.close(resolve));
  });

  it('passes traceparent and tracestate to the pack unchanged', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const tracestate = 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE';
    const reply = await postRpc(`${nginx.url}/echo/mcp`, toolCall(1, 'echo', { text: 'hi' }), { traceparent, tracestate });
    expect(reply.status).toBe(200);
    const arrived = seen.find((headers) => headers.traceparent !== undefined);
    expect(arrived?.traceparent).toBe(traceparent);
    expect(arrived?.tracestate).toBe(tracestate);
  });
});
