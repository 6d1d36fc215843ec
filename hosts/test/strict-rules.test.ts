import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, type MCPServer } from '@openai/agents';
import { strictHostRefusals } from '@toolgate/core/server';
import OpenAI from 'openai';
import { interceptProviders } from '../src/capture.ts';
import { openai } from '../src/providers/openai.ts';
import { API_KEY, PROMPT, sent } from '../src/setups/setup.ts';

setTracingDisabled(true);

/** read_contract's input schema as the gateway published it before issue 40: `args` items untyped (`{}`). */
const untypedArgs = {
  type: 'object',
  properties: {
    chain: { type: 'string', maxLength: 64, description: 'Chain to read' },
    contract: { type: 'string', maxLength: 255, description: 'contract: 0x-prefixed 20-byte hex address' },
    function: { type: 'string', minLength: 3, maxLength: 1000, description: 'Human-readable signature' },
    args: { default: [], description: 'Arguments in order', maxItems: 32, type: 'array', items: {} },
  },
  required: ['contract', 'function'],
  additionalProperties: false,
};

/** An MCP server the Agents SDK reads its tools from, listing one tool: the SDK converts it as it would any server's. */
function serverListing(inputSchema: Record<string, unknown>): MCPServer {
  return {
    name: 'fixture',
    cacheToolsList: false,
    connect: async () => {},
    close: async () => {},
    listTools: async () => [{ name: 'read_contract', description: 'Calls a view function', inputSchema } as never],
    callTool: async () => [],
    invalidateToolsCache: async () => {},
  };
}

/** The Responses API request the Agents SDK builds with convertSchemasToStrict (captured, never sent), as OpenAI would answer it. */
async function agentsSdkStrict(inputSchema: Record<string, unknown>): Promise<string[]> {
  const capture = interceptProviders();
  try {
    const model = new OpenAIResponsesModel(new OpenAI({ apiKey: API_KEY, maxRetries: 0 }), 'gpt-4.1');
    const agent = new Agent({ name: 'check', instructions: 'Use the tools.', model, mcpServers: [serverListing(inputSchema)], mcpConfig: { convertSchemasToStrict: true } });
    await sent(() => run(agent, PROMPT));
    const [request] = capture.take().filter(({ url }) => openai.matches(url));
    assert.ok(request, 'the SDK sent no request to OpenAI');
    assert.equal(openai.tools(request.body)[0]?.strict, true);
    return openai.refusals(request.body);
  } finally {
    capture.restore();
  }
}

// Issue 40: OpenAI answered this request with exactly this 400, so every chain tool was lost with it.
const ISSUE_40 = "Invalid schema for function 'read_contract': In context=('properties', 'args', 'anyOf', '0', 'items'), schema must have a 'type' key.";

test("the Agents SDK's strict conversion of read_contract's schema before issue 40 is refused as OpenAI refused it", async () => {
  assert.deepEqual(await agentsSdkStrict(untypedArgs), [ISSUE_40]);
});

test("the gateway's own check of a tool (core's strictHostRefusals, used for fronted servers) refuses it the same way", () => {
  assert.deepEqual(strictHostRefusals({ name: 'read_contract', inputSchema: untypedArgs }), [ISSUE_40]);
});

test('with every argument typed, the same conversion is taken', async () => {
  const typed = { ...untypedArgs, properties: { ...untypedArgs.properties, args: { ...untypedArgs.properties.args, items: { type: 'string' } } } };
  assert.deepEqual(await agentsSdkStrict(typed), []);
  assert.deepEqual(strictHostRefusals({ name: 'read_contract', inputSchema: typed }), []);
});

// The SDK itself sends a tool it cannot close non-strict; a host that converts and sends strict is refused.
test('strict mode refuses unsupported keywords, and objects no conversion can close', () => {
  const schema = {
    type: 'object',
    properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true }, extra: { type: 'object', additionalProperties: { type: 'string' } } },
    required: ['tags', 'extra'],
  };
  const expected = [
    "Invalid schema for function 'read_contract': In context=('properties', 'tags'), 'uniqueItems' is not permitted.",
    "Invalid schema for function 'read_contract': In context=('properties', 'extra'), 'additionalProperties' is required to be supplied and to be false.",
  ];
  assert.deepEqual(strictHostRefusals({ name: 'read_contract', inputSchema: schema }), expected);
});
