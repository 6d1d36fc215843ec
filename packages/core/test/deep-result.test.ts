import request from 'supertest';
import { z } from 'zod';
import { createApp, createLogger, createMetrics, definePack, defineTool } from '../src/index.ts';

// Regression for a fuzzer finding: a result too deep to serialise was an HTTP 500.
const mirror = defineTool({
  name: 'mirror',
  title: 'Mirror',
  description: 'Returns the value it is given.',
  inputSchema: z.object({ value: z.unknown() }),
  outputSchema: z.object({ value: z.unknown() }),
  handler: async ({ value }) => ({ value }),
});

describe('a tool result that cannot be serialised', () => {
  const app = createApp({
    packs: [{ pack: definePack({ name: 'mirror', version: '1.0.0', tools: [mirror] }), segment: 'mirror' }],
    logger: createLogger({ level: 'silent' }),
    metrics: createMetrics({ collectProcessMetrics: false }),
  });

  it('is an isError result, not a 500', async () => {
    const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const body = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"mirror","arguments":{"value":${deep}}}}`;
    const response = await request(app).post('/mirror/mcp').set('content-type', 'application/json').send(body);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(3);
    expect(response.body.result.isError).toBe(true);
    expect(response.body.result.content[0].text).toMatch(/could not be serialised/);
  });

  it('a shallow value still comes back', async () => {
    const response = await request(app).post('/mirror/mcp').send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'mirror', arguments: { value: [1, { b: 2 }] } } });
    expect(response.body.result.structuredContent).toEqual({ value: [1, { b: 2 }] });
  });
});
