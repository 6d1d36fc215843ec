import { z } from 'zod';
import { defineContentTool, definePack, defineTool, ToolError } from '../../src/index.ts';

/** A 1x1 red PNG and an eight-sample silent WAV: the smallest valid media the suite accepts. */
const RED_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
const SILENT_WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==';

const noArguments = z.object({});

const address = z.object({ street: z.string().optional(), city: z.string().optional() }).meta({ id: 'address', $anchor: 'addressDef' });

/**
 * The tools `@modelcontextprotocol/conformance` expects of a server (names and results as
 * its scenarios specify). Exists only in the core's tests: it proves the serving path, not a product.
 */
export const conformancePack = definePack({
  name: 'conformance',
  version: '1.0.0',
  tools: [
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
      title: 'Response stream',
      description: 'Answers at once: toolgate never sends requests of its own on a response stream.',
      inputSchema: noArguments,
      async handler() {
        return [{ type: 'text', text: 'answered without asking the client anything' }];
      },
    }),
    defineContentTool({
      name: 'test_logging_tool',
      title: 'Logging',
      description: 'Answers without log notifications: none are sent unless a request asks for a log level.',
      inputSchema: noArguments,
      async handler() {
        return [{ type: 'text', text: 'no log notifications were sent' }];
      },
    }),
  ],
});
