import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMetrics } from '@toolgate/core/server';
import { createFeatureFloorHandler } from '../src/feature-floor-handler.ts';
import { LEGACY_CALL, MCP_PATH } from '../src/scenarios.ts';

// The feature floor is only a fair ceiling if it really does the per-call work it claims.
const metrics = createMetrics({ collectProcessMetrics: false });
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(createFeatureFloorHandler(metrics));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${MCP_PATH}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (body: string, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { ...LEGACY_CALL.headers, ...headers }, body });
const callWith = (args: unknown) => JSON.stringify({ ...JSON.parse(LEGACY_CALL.body), params: { name: 'random_quote', arguments: args } });

describe('the feature floor does the work it stands for', () => {
  it('echoes a sane request id and makes one otherwise', async () => {
    expect((await post(LEGACY_CALL.body, { 'x-request-id': 'trace-42' })).headers.get('x-request-id')).toBe('trace-42');
    expect((await post(LEGACY_CALL.body, { 'x-request-id': 'not sane!' })).headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it('counts requests and tool calls in the gateway metrics', async () => {
    await post(LEGACY_CALL.body);
    const exposition = await metrics.registry.metrics();
    expect(exposition).toMatch(/toolgate_http_requests_total\{pack="bench",status="200"\} [1-9]/);
    expect(exposition).toMatch(/toolgate_tool_calls_total\{pack="bench",tool="random_quote",outcome="ok"\} [1-9]/);
  });

  it('validates the arguments with the tool schema', async () => {
    const answer = (await (await post(callWith({ limit: 99 }))).json()) as { result: { isError?: boolean } };
    expect(answer.result.isError).toBe(true);
  });

  it('refuses bad JSON, a bad envelope and an oversized body', async () => {
    expect((await post('{')).status).toBe(400);
    expect((await post(JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tools/call', params: { name: 'random_quote' } }))).status).toBe(400);
    expect((await post(`"${'x'.repeat(1_100_000)}"`)).status).toBe(413);
  });
});
