import { z } from 'zod';
import { askClient, completeFrom, definePrompt, userText } from '../../src/index.ts';
import { RED_PIXEL_PNG } from './media.ts';

/** The prompts of the prompts-*, completion-complete and input-required-result-non-tool-request scenarios. */
export const fixturePrompts = [
  definePrompt({
    name: 'test_simple_prompt',
    title: 'Simple prompt',
    description: 'A prompt without arguments.',
    arguments: z.object({}),
    async handler() {
      return { messages: [userText('This is a simple prompt for testing.')] };
    },
  }),
  definePrompt({
    name: 'test_prompt_with_arguments',
    title: 'Prompt with arguments',
    description: 'A prompt that uses its two arguments; both complete from a short list.',
    arguments: z.object({ arg1: z.string().describe('First test argument'), arg2: z.string().describe('Second test argument') }),
    complete: { arg1: completeFrom(() => ['paris', 'park', 'party', 'test-value']), arg2: completeFrom(() => ['world', 'word']) },
    async handler({ arg1, arg2 }) {
      return { messages: [userText(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)] };
    },
  }),
  definePrompt({
    name: 'test_prompt_with_embedded_resource',
    title: 'Prompt with an embedded resource',
    description: 'A prompt that embeds the resource its argument names.',
    arguments: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
    async handler({ resourceUri }) {
      return {
        messages: [
          { role: 'user', content: { type: 'resource', resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
          userText('Please process the embedded resource above.'),
        ],
      };
    },
  }),
  definePrompt({
    name: 'test_prompt_with_image',
    title: 'Prompt with an image',
    description: 'A prompt that carries an image.',
    arguments: z.object({}),
    async handler() {
      return { messages: [{ role: 'user', content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' } }, userText('Please analyze the image above.')] };
    },
  }),
  definePrompt({
    name: 'test_input_required_result_prompt',
    title: 'Prompt that asks first',
    description: 'Asks the user what context to use (key user_context), then builds the prompt from it.',
    arguments: z.object({}),
    async handler(_args, context) {
      const { user_context } = await askClient(context, {
        user_context: { method: 'elicitation/create', params: { message: 'What context should the prompt use?', requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] } } },
      });
      return { messages: [userText(`Use this context: ${JSON.stringify(user_context.content)}`)] };
    },
  }),
];
