import request from 'supertest';
import { createEchoApp } from './echo-pack.ts';

// /<segment>/mcp is answered by the node:http endpoint (mcp-endpoint.ts) whatever the query
// string; every other path by the Express routes beside it. The boundary is pinned here.
const app = createEchoApp();
const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'lane' } } };
const post = (path: string) => request(app).post(path).set('content-type', 'application/json').set('accept', 'application/json');

describe('the MCP endpoint', () => {
  it('answers a tool call with or without a query string alike, with a request id', async () => {
    const [plain, queried] = await Promise.all([post('/echo/mcp').send(call), post('/echo/mcp?via=query').send(call)]);
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual(queried.body);
    expect(plain.body.result.structuredContent).toEqual({ text: 'lane', length: 4 });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
    expect(queried.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
  });

  it('keeps a sane caller request id and replaces one that is not', async () => {
    expect((await post('/echo/mcp').set('x-request-id', 'abc-123').send(call)).headers['x-request-id']).toBe('abc-123');
    expect((await post('/echo/mcp').set('x-request-id', 'a b<c>').send(call)).headers['x-request-id']).not.toBe('a b<c>');
  });

  it.each([
    ['invalid JSON', (test: request.Test) => test.send('{"jsonrpc":'), 400, -32700],
    ['a wrong content type', (test: request.Test) => test.set('content-type', 'text/plain').send('{}'), 415, -32015],
    ['a foreign Origin', (test: request.Test) => test.set('origin', 'https://evil.example').send(call), 403, -32003],
  ])('%s: its status and a JSON-RPC error body, saying Vary: Origin', async (_name, shape, status, code) => {
    const answer = await shape(post('/echo/mcp'));
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
    expect(answer.headers.vary).toBe('Origin');
  });

  it('answers a notification with 202 and an SSE-only client with an event stream', async () => {
    const notified = await post('/echo/mcp').send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(notified.status).toBe(202);
    const sse = await post('/echo/mcp').set('accept', 'text/event-stream').send(call);
    expect(sse.status).toBe(200);
    expect(sse.headers['content-type']).toBe('text/event-stream');
    expect(sse.text).toMatch(/^event: message\ndata: \{"jsonrpc":"2.0","id":7/);
  });

  it('answers other methods there itself: 405 naming POST, a preflight from a local page 204', async () => {
    const get = await request(app).get('/echo/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.body.error.code).toBe(-32005);
    const preflight = await request(app).options('/echo/mcp').set('origin', 'http://localhost:6274').set('access-control-request-method', 'POST');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:6274');
  });

  it('leaves every other path to the routes beside it: below it, a trailing slash, another case', async () => {
    for (const path of ['/echo/mcp/below', '/echo/mcp/', '/Echo/mcp', '/echo/MCP']) {
      const answer = await post(path).send(call);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body.error.code).toBe(-32004);
    }
  });
});
