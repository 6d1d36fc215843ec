import { z } from 'zod';
import { askClient, defineContentTool, defineTool, ToolError } from '../../src/index.ts';
import { RED_PIXEL_PNG, SILENT_WAV } from './media.ts';

const noArguments = z.object({});

const address = z.object({ street: z.string().optional(), city: z.string().optional() }).meta({ id: 'address', $anchor: 'addressDef' });

/** The content, error, schema and 2026-07-28 diagnostic tools of the conformance scenarios (names and results as they specify). */
export const contentTools = [
  defineContentTool({
    name: 'test_simple_text',
    title: 'Simple text',
    description: 'Returns a fixed text item.',
    inputSchema: noArguments,
    async handler() {
      return [{ type: 'text', text: 'This is a simple text response for testing.' }];
    },
  }),
  defineContentTool({
    name: 'test_image_content',
    title: 'Image content',
    description: 'Returns a 1x1 red PNG.',
    inputSchema: noArguments,
    async handler() {
      return [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }];
    },
  }),
  defineContentTool({
    name: 'test_audio_content',
    title: 'Audio content',
    description: 'Returns a tiny silent WAV.',
    inputSchema: noArguments,
    async handler() {
      return [{ type: 'audio', data: SILENT_WAV, mimeType: 'audio/wav' }];
    },
  }),
  defineContentTool({
    name: 'test_embedded_resource',
    title: 'Embedded resource',
    description: 'Returns an embedded text resource.',
    inputSchema: noArguments,
    async handler() {
      return [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }];
    },
  }),
  defineContentTool({
    name: 'test_multiple_content_types',
    title: 'Mixed content',
    description: 'Returns text, an image and an embedded resource.',
    inputSchema: noArguments,
    async handler() {
      return [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
      ];
    },
  }),
  defineContentTool({
    name: 'test_error_handling',
    title: 'Error handling',
    description: 'Always fails with an isError result.',
    inputSchema: noArguments,
    async handler() {
      throw new ToolError('This tool intentionally returns an error for testing');
    },
  }),
  defineTool({
    name: 'json_schema_2020_12_tool',
    title: 'JSON Schema 2020-12',
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: z
      .object({
        name: z.string().optional(),
        address: address.optional(),
        contactMethod: z.enum(['phone', 'email']).optional(),
        phone: z.string().optional(),
        email: z.string().optional(),
      })
      .strict()
      // Keywords zod cannot express are carried as metadata into the published schema.
      .meta({
        // Written by the author, as the conformance suite's reference tool does: it is kept.
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
        if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
        then: { required: ['phone'] },
        else: { required: ['email'] },
      }),
    outputSchema: z.object({ received: z.array(z.string()) }),
    async handler(args) {
      return { received: Object.keys(args).sort() };
    },
  }),
  // The diagnostic tools of the 2026-07-28 server-stateless scenario.
  defineTool({
    name: 'test_header_params',
    title: 'Mirrored argument',
    description: 'Echoes its region, which 2026-07-28 clients also send as the Mcp-Param-Region header (SEP-2243).',
    inputSchema: z.object({ region: z.string().max(100).meta({ 'x-mcp-header': 'Region' }).describe('A region, mirrored into Mcp-Param-Region') }),
    outputSchema: z.object({ region: z.string() }),
    async handler({ region }) {
      return { region };
    },
  }),
  defineContentTool({
    name: 'test_missing_capability',
    title: 'Needs sampling',
    description: 'Declares that it needs the client sampling capability.',
    inputSchema: noArguments,
    requiredClientCapabilities: { sampling: {} },
    async handler() {
      return [{ type: 'text', text: 'test_missing_capability ran' }];
    },
  }),
  defineContentTool({
    name: 'test_streaming_elicitation',
    title: 'Asks mid-call',
    description: 'Asks the client a question: a 2026-07-28 client is asked through an input_required result, never by a request on the stream.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { answer } = await askClient(context, { answer: { method: 'elicitation/create', params: { message: 'Continue?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } });
      return [{ type: 'text', text: `answered: ${JSON.stringify(answer)}` }];
    },
  }),
  defineContentTool({
    name: 'test_logging_tool',
    title: 'Logging',
    description: 'Logs one line to the client: it reaches the client only when the request asked for that level.',
    inputSchema: noArguments,
    async handler(_args, context) {
      context.client?.log('info', 'test_logging_tool ran');
      return [{ type: 'text', text: 'logged one line at info' }];
    },
  }),
];
