import request from 'supertest';
import { createEchoApp } from './echo-pack.ts';

describe('HTTP-level rejections carry JSON-RPC error bodies', () => {
  const app = createEchoApp({ maxBodyBytes: 1024 });

  it.each(['get', 'delete', 'put'] as const)('%s → 405 with Allow: POST', async (method) => {
    const response = await request(app)[method]('/echo/mcp');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.body.error.code).toBe(-32005);
  });

  it('a non-JSON content type → 415', async () => {
    const response = await request(app).post('/echo/mcp').set('content-type', 'text/plain').send('hello');
    expect(response.status).toBe(415);
    expect(response.body.error.message).toMatch(/Content-Type must be application\/json/);
  });

  it('a body over the limit → 413 with a JSON-RPC error', async () => {
    const response = await request(app).post('/echo/mcp').set('content-type', 'application/json').send(JSON.stringify({ pad: 'x'.repeat(5000) }));
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe(-32013);
  });

  it('malformed JSON → 400 parse error', async () => {
    const response = await request(app).post('/echo/mcp').set('content-type', 'application/json').send('{"jsonrpc":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON' } });
  });

  it('JSON that is not JSON-RPC → 400 invalid request', async () => {
    const response = await request(app).post('/echo/mcp').send({ hello: 'world' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(-32600);
  });

  it('an unsupported MCP-Protocol-Version header → 400', async () => {
    const response = await request(app).post('/echo/mcp').set('mcp-protocol-version', '1999-01-01').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/Unsupported protocol version: 1999-01-01/);
  });

  it('a browser origin that is not allowed → 403; localhost origins pass by default', async () => {
    const evil = await request(app).post('/echo/mcp').set('origin', 'http://evil.example').send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(evil.status).toBe(403);
    const local = await request(app).post('/echo/mcp').set('origin', 'http://localhost:3000').send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(local.status).toBe(200);
  });

  it('an unknown path → 404 JSON, never an HTML page', async () => {
    const response = await request(app).post('/nothing/mcp').send({});
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(-32004);
  });
});
