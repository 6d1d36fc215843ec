import { ErrorCode } from '../../src/index.ts';
import type { Case, DifferenceId } from './case.ts';
import type { Observation } from './exchange.ts';
import { publishableSchema } from '../../src/mcp/tools/publishable-schema.ts';

/**
 * Every way toolgate intentionally answers differently from the reference
 * (`createMcpHandler` of the SDK v2), with the reason. A difference either asks the
 * reference a variant of the request, or turns the reference's answer into the one
 * toolgate must give. Nothing else may differ.
 */
export interface Difference {
  reason: string;
  /** The request the reference is asked instead. */
  referenceRequest?(testCase: Case): Case;
  /** The answer toolgate must give, derived from the reference's. */
  expect?(reference: Observation, testCase: Case): Observation;
}

type Message = Record<string, any>;

function mapMessages(observation: Observation, map: (message: Message) => Message): Observation {
  return { ...observation, messages: observation.messages.map((message) => map(structuredClone(message) as Message)) };
}

/** toolgate's answer format: JSON whenever Accept allows it or is absent; SSE only when Accept names nothing else. */
export function toolgateFormat(testCase: Case): 'json' | 'sse' {
  const accept = testCase.headers.accept;
  if (!accept || /application\/json|application\/\*|\*\/\*/.test(accept)) return 'json';
  return 'sse';
}

/** Differences that apply to every request. */
/** Tools whose author wrote `$schema` into the input schema (the conformance fixture's). */
const AUTHORED_DIALECT = new Set(['json_schema_2020_12_tool']);

/** toolgate's code for each HTTP refusal the SDK answers with -32000 (docs/protocol.md, "Error codes"). */
const CODE_FOR_STATUS: Record<number, number> = {
  400: ErrorCode.UnsupportedProtocolVersion,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  405: ErrorCode.MethodNotAllowed,
  406: ErrorCode.NotAcceptable,
  413: ErrorCode.TooLarge,
  415: ErrorCode.UnsupportedMediaType,
};

export const GLOBAL_DIFFERENCES: Record<string, Difference> = {
  codesThatSayWhatHappened: {
    reason:
      'An HTTP refusal carries a JSON-RPC code for its cause (-32006 Not Acceptable, -32022 an unsupported MCP-Protocol-Version, …); the SDK ' +
      'answers -32000 ("ConnectionClosed") for all of them. Status and message are the SDK\'s.',
    expect: (reference) =>
      mapMessages(reference, (message) => {
        const code = CODE_FOR_STATUS[reference.status];
        if (message.error?.code === ErrorCode.ConnectionClosed && code !== undefined) message.error.code = code;
        return message;
      }),
  },
  responseFormat: {
    reason:
      'toolgate answers a 2025-era request with one JSON body whenever Accept allows application/json (an SSE stream only when it allows nothing else); ' +
      'the SDK streams every 2025-era answer as SSE. One response needs no stream, and JSON is cheaper for both sides. Bodies are compared decoded.',
    expect: (reference, testCase) => {
      if (reference.format !== 'sse') return reference;
      const format = toolgateFormat(testCase);
      return { ...reference, format, jsonArray: format === 'json' && Array.isArray(testCase.body) };
    },
  },
  fixedToolSet: {
    reason:
      "capabilities.tools.listChanged is false: a pack's tool set is fixed for the life of the deployment and a stateless server has no stream to " +
      "announce changes on; the SDK's McpServer advertises true because tools can be registered at run time.",
    expect: (reference) =>
      mapMessages(reference, (message) => {
        if (message.result?.capabilities?.tools) message.result.capabilities.tools.listChanged = false;
        return message;
      }),
  },
  listCaching: {
    reason:
      '2026-07-28 tools/list and server/discover results carry ttlMs 300000 and cacheScope "public" (the SDK: 0 and "private"): the tool set is fixed ' +
      'per deployment and the same for every caller, so clients and shared caches may keep it for five minutes.',
    expect: (reference) =>
      mapMessages(reference, (message) => {
        if (message.result && 'ttlMs' in message.result) Object.assign(message.result, { ttlMs: 300_000, cacheScope: 'public' });
        return message;
      }),
  },
  schemasWithoutDialect: {
    reason:
      'Advertised inputSchema and outputSchema carry no $schema (the SDK names draft 2020-12): MCP reads a schema without one as 2020-12, and ' +
      "validators that do not know that meta-schema's URI (a default Ajv, as @genkit-ai/mcp uses) refuse the first call of every tool that names it. " +
      "A $schema the tool's author wrote stays (SEP-1613), as on the conformance fixture's json_schema_2020_12_tool.",
    expect: (reference) =>
      mapMessages(reference, (message) => {
        for (const tool of message.result?.tools ?? []) {
          if (!AUTHORED_DIALECT.has(tool.name)) delete tool.inputSchema?.$schema;
          delete tool.outputSchema?.$schema;
        }
        return message;
      }),
  },
  schemasEveryProviderTakes: {
    reason:
      'Advertised schemas are in the form every model provider takes (docs/protocol.md): input objects closed (additionalProperties: false), ' +
      'exclusive input bounds as minimum/maximum, nullable values as anyOf with null, constants as one-value enums. Agent frameworks hand ' +
      'a tool schema to OpenAI, Anthropic or Gemini, which refuse the whole request over one schema they do not take. Validation is unchanged. ' +
      'A schema whose author named its dialect is published as written.',
    expect: (reference) =>
      mapMessages(reference, (message) => {
        for (const tool of message.result?.tools ?? []) {
          if (AUTHORED_DIALECT.has(tool.name)) continue;
          if (tool.inputSchema) tool.inputSchema = publishableSchema(tool.inputSchema, 'input', tool.name);
          if (tool.outputSchema) tool.outputSchema = publishableSchema(tool.outputSchema, 'output', tool.name);
        }
        return message;
      }),
  },
};

const FULL_ACCEPT = 'application/json, text/event-stream';

/** Differences that apply to the requests that name them. */
export const DIFFERENCES: Record<DifferenceId, Difference> = {
  answersWithoutFullAccept: {
    reason:
      "The spec's bare call (no Accept header) and clients that accept only one of JSON and SSE are served with 200; " +
      "the SDK's transport requires both and answers 406. toolgate answers them as the SDK answers the same request with both accepted.",
    referenceRequest: (testCase) => ({ ...testCase, headers: { ...testCase.headers, accept: FULL_ACCEPT } }),
  },
  notAcceptableWording: {
    reason: "toolgate's 406 says the client must accept JSON *or* SSE, because either is enough for it; the SDK's says both. Status and code agree.",
    expect: (reference) =>
      mapMessages(reference, (message) => {
        message.error.message = 'Not Acceptable: Client must accept application/json or text/event-stream';
        return message;
      }),
  },
  readableParamsError: {
    reason:
      'tools/call without a tool name: both answer -32602; the SDK puts a multi-line JSON dump of zod issues in the message, toolgate one sentence.',
    expect: (reference) =>
      mapMessages(reference, (message) => {
        message.error.message = 'Invalid params: tools/call needs params.name';
        return message;
      }),
  },
  internalErrorsHidden: {
    reason:
      "an unexpected exception in a tool handler: the SDK puts the exception's message in the isError result; toolgate never lets internals " +
      '(which may hold secrets or upstream URLs with keys) reach a response: it logs them and names the request id instead.',
    expect: (reference, testCase) =>
      mapMessages(reference, (message) => {
        const tool = (testCase.body as Message).params.name;
        message.result.content = [
          { type: 'text', text: `Internal error in ${tool} (request id ${testCase.headers['x-request-id']}); the operator has the details.` },
        ];
        return message;
      }),
  },
  smallerBodyLimit: {
    reason:
      'toolgate rejects bodies over MAX_BODY_BYTES (default 1 MiB: tool arguments are small) with the same 413 the SDK gives over its 4 MiB default.',
    expect: () => ({
      status: 413,
      format: 'json',
      jsonArray: false,
      messages: [{ jsonrpc: '2.0', id: null, error: { code: -32013, message: 'Payload Too Large: Request body must not exceed 1048576 bytes' } }],
    }),
  },
  originGuard: {
    reason:
      "DNS-rebinding guard on by default (ALLOWED_ORIGINS, localhost origins when unset): a browser Origin that is not allowed gets 403. The SDK's " +
      'createMcpHandler has no guard of its own; its opt-in originValidationResponse() gives the same 403 and code, naming only the hostname.',
    expect: (_reference, testCase) => ({
      status: 403,
      format: 'json',
      jsonArray: false,
      messages: [{ jsonrpc: '2.0', id: null, error: { code: -32003, message: `Invalid Origin: ${testCase.headers.origin}` } }],
    }),
  },
};
