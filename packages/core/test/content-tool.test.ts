import request from 'supertest';
import { z } from 'zod';
import { createApp, createLogger, createMetrics, defineContentTool, definePack } from '../src/index.ts';
import { conformancePack } from './conformance/conformance-pack.ts';

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

function appFor(pack = conformancePack) {
  return createApp({ packs: [{ pack, segment: 'p' }], logger: createLogger({ level: 'silent' }), metrics: createMetrics({ collectProcessMetrics: false }) });
}

const modernCall = (name: string, capabilities: Record<string, unknown>) =>
  request(appFor())
    .post('/p/mcp')
    .set({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name })
    .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {}, _meta: { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': capabilities } } });

describe('content tools: raw MCP content instead of a JSON result', () => {
  it('are listed without an output schema and answer with their content items, no structuredContent', async () => {
    const listed = await request(appFor()).post('/p/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const image = listed.body.result.tools.find((tool: { name: string }) => tool.name === 'test_image_content');
    expect(image.outputSchema).toBeUndefined();
    expect(image.inputSchema).toMatchObject({ type: 'object' });

    const called = await request(appFor()).post('/p/mcp').send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'test_image_content' } });
    expect(called.body.result).toEqual({ content: [{ type: 'image', data: expect.stringMatching(/^iVBOR/), mimeType: 'image/png' }] });
  });

  it('a handler returning malformed content gets an isError result, not a broken response', async () => {
    const pack = definePack({
      name: 'bad',
      version: '1.0.0',
      tools: [
        defineContentTool({
          name: 'bad_image',
          title: 'Bad image',
          description: 'Returns image data that is not base64.',
          inputSchema: z.object({}),
          async handler() {
            return [{ type: 'image', data: 'not base64!', mimeType: 'image/png' }];
          },
        }),
      ],
    });
    const called = await request(appFor(pack)).post('/p/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'bad_image' } });
    expect(called.body.result.isError).toBe(true);
    expect(called.body.result.content[0].text).toMatch(/did not match the tool's content format/);
  });
});

describe('required client capabilities', () => {
  it('a 2026-07-28 request that does not declare them gets -32021 with HTTP 400, naming them', async () => {
    const response = await modernCall('test_missing_capability', {});
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: -32021,
      message: 'Missing required client capability: sampling',
      data: { requiredCapabilities: { sampling: {} } },
    });
  });

  it('a 2026-07-28 request that declares them runs the tool', async () => {
    const response = await modernCall('test_missing_capability', { sampling: {} });
    expect(response.status).toBe(200);
    expect(response.body.result.content[0].text).toBe('test_missing_capability ran');
  });

  it('a 2025-era request runs the tool: its capabilities were declared at an initialize a stateless server never saw', async () => {
    const response = await request(appFor()).post('/p/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_missing_capability' } });
    expect(response.body.result.content[0].text).toBe('test_missing_capability ran');
  });
});
