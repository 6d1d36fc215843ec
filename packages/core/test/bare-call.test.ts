import request from 'supertest';
import { createEchoApp } from './echo-pack.ts';
import { requestIdMaker } from '../src/http/request-id.ts';

const call = (args: unknown, id = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: args } });

describe("the spec's bare call (Content-Type only, no initialize, no Accept)", () => {
  const app = createEchoApp();

  it('answers 200 with the result as structuredContent and as a text item', async () => {
    const response = await request(app).post('/echo/mcp').set('content-type', 'application/json').send(JSON.stringify(call({ text: 'hi' })));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { structuredContent: { text: 'hi', length: 2 }, content: [{ type: 'text', text: '{"text":"hi","length":2}' }] },
    });
  });

  it('reports invalid arguments as an isError result naming the field', async () => {
    const response = await request(app).post('/echo/mcp').send(call({ text: 42 }));
    expect(response.status).toBe(200);
    expect(response.body.result.isError).toBe(true);
    expect(response.body.result.content[0].text).toMatch(/text: .*expected string/);
  });

  it("turns a ToolError into an isError result with the tool's message", async () => {
    const response = await request(app).post('/echo/mcp').send(call({ text: 'fail' }));
    expect(response.body.result).toEqual({ content: [{ type: 'text', text: 'asked to fail' }], isError: true });
  });

  it('hides the details of an unexpected failure', async () => {
    const response = await request(app).post('/echo/mcp').send(call({ text: 'crash' }));
    expect(response.body.result.isError).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain('secret internal detail');
  });

  it('answers an unknown tool with JSON-RPC error -32602', async () => {
    const response = await request(app).post('/echo/mcp').send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'nope', arguments: {} } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'Tool nope not found' } });
  });

  it('echoes the caller request id, or makes one', async () => {
    const given = await request(app).post('/echo/mcp').set('x-request-id', 'abc-123').send(call({ text: 'a' }));
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await request(app).post('/echo/mcp').send(call({ text: 'a' }));
    const next = await request(app).post('/echo/mcp').set('x-request-id', 'not sane!').send(call({ text: 'a' }));
    // This process's random prefix, then a counter: two made ids differ, and the prefix is the app's.
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(next.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(next.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
    expect(String(next.headers['x-request-id']).slice(0, 12)).toBe(String(made.headers['x-request-id']).slice(0, 12));
  });

  it('makes ids with a prefix of their own per maker, so two processes do not repeat each other', () => {
    const first = requestIdMaker();
    const second = requestIdMaker();
    const ids = [first(), first(), second(), second()];
    expect(new Set(ids).size).toBe(4);
    expect(ids[0]!.slice(0, 12)).not.toBe(ids[2]!.slice(0, 12));
    expect(requestIdMaker('abc')()).toBe('abc-1');
  });
});
