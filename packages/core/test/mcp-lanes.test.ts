import request from 'supertest';
import { createEchoApp } from './echo-pack.ts';

// POST /<segment>/mcp takes the MCP lane (mcp-lanes.ts); the same call with a query string
// goes through Express's router. Both must answer alike, errors included.
const app = createEchoApp();
const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'lane' } } };
const post = (path: string) => request(app).post(path).set('content-type', 'application/json').set('accept', 'application/json');

describe('the MCP lane answers as the router does', () => {
  it('a tool call: same status, body and headers, with a request id either way', async () => {
    const [lane, routed] = await Promise.all([post('/echo/mcp').send(call), post('/echo/mcp?via=router').send(call)]);
    expect(lane.status).toBe(200);
    expect(lane.body).toEqual(routed.body);
    expect(lane.body.result.structuredContent).toEqual({ text: 'lane', length: 4 });
    expect(lane.headers['content-type']).toBe(routed.headers['content-type']);
    expect(lane.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
    expect(routed.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
  });

  it('keeps a sane caller request id', async () => {
    const answer = await post('/echo/mcp').set('x-request-id', 'abc-123').send(call);
    expect(answer.headers['x-request-id']).toBe('abc-123');
  });

  it.each([
    ['invalid JSON', (test: request.Test) => test.send('{"jsonrpc":'), 400],
    ['a wrong content type', (test: request.Test) => test.set('content-type', 'text/plain').send('{}'), 415],
    ['a foreign Origin', (test: request.Test) => test.set('origin', 'https://evil.example').send(call), 403],
  ])('%s: the same error status and JSON-RPC body', async (_name, shape, status) => {
    const [lane, routed] = await Promise.all([shape(post('/echo/mcp')), shape(post('/echo/mcp?via=router'))]);
    expect(lane.status).toBe(status);
    expect(routed.status).toBe(status);
    expect(lane.body).toEqual(routed.body);
    expect(lane.body.error.code).toEqual(expect.any(Number));
  });

  it('answers a notification with 202 and an SSE-only client with an event stream', async () => {
    const notified = await post('/echo/mcp').send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(notified.status).toBe(202);
    const sse = await post('/echo/mcp').set('accept', 'text/event-stream').send(call);
    expect(sse.status).toBe(200);
    expect(sse.headers['content-type']).toBe('text/event-stream');
    expect(sse.text).toMatch(/^event: message\ndata: \{"jsonrpc":"2.0","id":7/);
  });

  it('leaves other methods and paths to the router', async () => {
    expect((await request(app).get('/echo/mcp')).status).toBe(405);
    expect((await post('/echo/mcp/below').send(call)).status).toBe(404);
  });
});
