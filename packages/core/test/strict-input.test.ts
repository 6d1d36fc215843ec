import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createEchoApp } from './echo-pack.ts';
import { captureLog } from './support/capture-log.ts';

const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

describe('strict routing: only the exact paths are served', () => {
  const app = createEchoApp();

  it.each(['/ECHO/mcp', '/echo/MCP', '/echo/mcp/', '/echo/mcp//', '/echo/mcp/?x=1'])('POST %s → 404', async (path) => {
    const response = await request(app).post(path).send(list);
    expect(response.status).toBe(404);
    expect(response.body.error.message).toMatch(/^Not found/);
  });

  it.each(['/metrics/', '/METRICS', '/healthz/', '/Healthz', '/readyz/'])('GET %s → 404', async (path) => {
    await request(app).get(path).expect(404);
  });

  it('the exact paths still answer, with a query string too', async () => {
    await request(app).post('/echo/mcp').send(list).expect(200);
    await request(app).post('/echo/mcp?x=1').send(list).expect(200);
    await request(app).get('/healthz').expect(200);
    await request(app).get('/metrics').expect(200);
  });
});

describe('bodies that are not plain UTF-8 JSON → 415 saying why', () => {
  const app = createEchoApp();
  const post = (headers: Record<string, string>) => request(app).post('/echo/mcp').set(headers).send(JSON.stringify(list));

  it.each(['application/json; charset=iso-8859-1', 'application/json;charset="UTF-16"', 'application/json; Charset=latin1'])('Content-Type %s', async (type) => {
    const response = await post({ 'content-type': type });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32015, message: expect.stringMatching(/^Unsupported Media Type: charset "[^"]+" is not accepted; JSON bodies must be UTF-8$/) } });
  });

  it.each(['gzip', 'br', 'deflate, gzip'])('Content-Encoding: %s', async (encoding) => {
    const response = await post({ 'content-type': 'application/json', 'content-encoding': encoding });
    expect(response.status).toBe(415);
    expect(response.body.error.message).toMatch(/^Unsupported Media Type: Content-Encoding ".+" is not accepted; send the JSON body uncompressed$/);
  });

  it.each(['application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; charset=utf8'])('%s is fine', async (type) => {
    await post({ 'content-type': type }).expect(200);
  });

  it('Content-Encoding: identity is fine', async () => {
    await post({ 'content-type': 'application/json', 'content-encoding': 'identity' }).expect(200);
  });
});

describe('a client that disconnects mid-body', () => {
  it('is logged once at debug, without a stack, and never as an error', async () => {
    const { logger, text } = captureLog();
    const server = createServer(createEchoApp({ logger })).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('POST /echo/mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"jsonrpc":"2.0",');
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.resetAndDestroy();
      // Until something is logged about it (at most 2 s).
      for (let tries = 0; tries < 200 && !/closed the connection|unhandled error/.test(text()); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const lines = text().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
      const abort = lines.filter((line) => line.msg === 'the client closed the connection before its request was complete');
      expect(abort).toHaveLength(1);
      expect(abort[0]!.level).toBe(20);
      expect(JSON.stringify(lines)).not.toMatch(/"stack"/);
      expect(lines.filter((line) => (line.level as number) >= 40)).toEqual([]);
    } finally {
      server.close();
    }
  });
});
