import { createApp, createLogger, createMetrics } from '../../src/index.ts';
import { conformancePack } from '../conformance/conformance-pack.ts';
import type { Case } from './case.ts';
import { GLOBAL_DIFFERENCES } from './differences.ts';
import { sendToReference, sendToToolgate, type Observation } from './exchange.ts';
import { createReferenceHandler } from './reference-handler.ts';

const STREAMABLE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

const legacy = (id: number, method: string, params?: Record<string, unknown>): Case => ({
  name: `2025 ${method} ${params?.name ?? ''}`,
  dialect: '2025',
  headers: STREAMABLE,
  body: { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) },
});
const modern = (id: number, method: string, params: Record<string, unknown> = {}): Case => ({
  name: `2026 ${method} ${params.name ?? ''}`,
  dialect: '2026',
  headers: {
    ...STREAMABLE,
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
  },
  body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: ENVELOPE } },
});

const contentTools = ['test_simple_text', 'test_image_content', 'test_audio_content', 'test_embedded_resource', 'test_multiple_content_types', 'test_error_handling'];
const corpus: Case[] = [
  legacy(1, 'tools/list'),
  modern(2, 'tools/list'),
  ...contentTools.map((name, index) => legacy(10 + index, 'tools/call', { name, arguments: {} })),
  ...contentTools.map((name, index) => modern(20 + index, 'tools/call', { name, arguments: {} })),
  legacy(30, 'tools/call', { name: 'json_schema_2020_12_tool', arguments: { name: 'a', email: 'a@example.com' } }),
  legacy(31, 'tools/call', { name: 'test_simple_text', arguments: { unexpected: 1 } }),
];

function normalise(observation: Observation): Observation {
  const messages = observation.messages.map((message) => {
    const copy = structuredClone(message) as Record<string, any>;
    if (copy.result?._meta?.[SERVER_INFO]) copy.result._meta[SERVER_INFO] = '<server>';
    return copy;
  });
  return { ...observation, messages };
}

describe('differential: raw-content tools (the conformance fixture pack) against the SDK', () => {
  const app = createApp({
    packs: [{ pack: conformancePack, segment: 'conformance' }],
    logger: createLogger({ level: 'silent' }),
    metrics: createMetrics({ collectProcessMetrics: false }),
  });
  const reference = createReferenceHandler(conformancePack);
  afterAll(() => reference.close());

  it.each(corpus.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const referenceAnswer = normalise(await sendToReference(reference, testCase));
    const expected = Object.values(GLOBAL_DIFFERENCES).reduce((answer, difference) => difference.expect?.(answer, testCase) ?? answer, referenceAnswer);
    expect(normalise(await sendToToolgate(app, '/conformance/mcp', testCase))).toEqual(expected);
  });
});
