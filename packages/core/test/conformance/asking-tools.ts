import { z } from 'zod';
import { askClient, clientCan, defineContentTool, type ClientRequest } from '../../src/index.ts';

/** A form's answer as the scenarios read it back: its action and what was filled in. */
const formAnswer = (answer: Record<string, unknown>) => `action=${String(answer.action)}, content=${JSON.stringify(answer.content ?? {})}`;
const noArguments = z.object({});
const text = (value: string) => [{ type: 'text' as const, text: value }];

const nameRequest: ClientRequest = {
  method: 'elicitation/create',
  params: { message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
};
const capitalQuestion: ClientRequest = {
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 },
};
const rootsRequest: ClientRequest = { method: 'roots/list', params: {} };

const elicitation = (message: string, properties: Record<string, unknown>, required?: string[]): ClientRequest => ({
  method: 'elicitation/create',
  params: { message, requestedSchema: { type: 'object', properties, ...(required ? { required } : {}) } },
});

/**
 * The tools that ask the client (sampling, elicitation, roots), written once with askClient: a
 * 2025-era client is asked mid-call on the answer's stream, a 2026-07-28 client through
 * `input_required` results (SEP-2322). Names and questions as the conformance scenarios specify.
 */
export const askingTools = [
  defineContentTool({
    name: 'test_sampling',
    title: 'Asks the client’s model',
    description: 'Asks the client for an LLM completion of the prompt (sampling/createMessage) and returns it.',
    inputSchema: z.object({ prompt: z.string().describe('The prompt to send to the LLM') }),
    async handler({ prompt }, context) {
      const { reply } = await askClient(context, {
        reply: { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 } },
      });
      const content = reply.content as { type?: string; text?: string } | undefined;
      return text(`LLM response: ${content?.type === 'text' ? content.text : JSON.stringify(reply.content)}`);
    },
  }),
  defineContentTool({
    name: 'test_elicitation',
    title: 'Asks the user',
    description: 'Asks the user for a username and an email (elicitation/create) and returns the answer.',
    inputSchema: z.object({ message: z.string().describe('The message to show the user') }),
    async handler({ message }, context) {
      const { answer } = await askClient(context, {
        answer: elicitation(message, { username: { type: 'string', description: "User's response" }, email: { type: 'string', description: "User's email address" } }, ['username', 'email']),
      });
      return text(`User response: ${formAnswer(answer)}`);
    },
  }),
  defineContentTool({
    name: 'test_elicitation_sep1034_defaults',
    title: 'Asks with defaults',
    description: 'Asks the user a form whose every primitive field has a default (SEP-1034).',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { answer } = await askClient(context, {
        answer: elicitation('Please review and update the form fields with defaults', {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        }),
      });
      return text(`Elicitation completed: ${formAnswer(answer)}`);
    },
  }),
  defineContentTool({
    name: 'test_elicitation_sep1330_enums',
    title: 'Asks with every enum form',
    description: 'Asks the user a form with the five enum forms of SEP-1330.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { answer } = await askClient(context, {
        answer: elicitation('Please select options from the enum fields', {
          untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            description: 'Select one option with titles',
            oneOf: [{ const: 'value1', title: 'First Option' }, { const: 'value2', title: 'Second Option' }, { const: 'value3', title: 'Third Option' }],
          },
          legacyEnum: { type: 'string', description: 'Select one option (legacy)', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
          untitledMulti: { type: 'array', description: 'Select multiple options', minItems: 1, maxItems: 3, items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
          titledMulti: {
            type: 'array',
            description: 'Select multiple options with titles',
            minItems: 1,
            maxItems: 3,
            items: { anyOf: [{ const: 'value1', title: 'First Choice' }, { const: 'value2', title: 'Second Choice' }, { const: 'value3', title: 'Third Choice' }] },
          },
        }),
      });
      return text(`Elicitation completed: ${formAnswer(answer)}`);
    },
  }),
  defineContentTool({
    name: 'test_input_required_result_elicitation',
    title: 'Asks a name',
    description: 'Asks the user their name (key user_name) and greets them.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { user_name } = await askClient(context, { user_name: nameRequest });
      return text(`Hello, ${String((user_name.content as { name?: unknown } | undefined)?.name)}!`);
    },
  }),
  defineContentTool({
    name: 'test_input_required_result_sampling',
    title: 'Asks the client’s model a question',
    description: 'Asks the client’s model the capital of France (key capital_question).',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { capital_question } = await askClient(context, { capital_question: capitalQuestion });
      return text(`The model said: ${JSON.stringify(capital_question.content)}`);
    },
  }),
  defineContentTool({
    name: 'test_input_required_result_list_roots',
    title: 'Asks the client’s roots',
    description: 'Asks the client its roots (key client_roots) and names them.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { client_roots } = await askClient(context, { client_roots: rootsRequest });
      const roots = Array.isArray(client_roots.roots) ? (client_roots.roots as { uri?: unknown }[]) : [];
      return text(`Roots: ${roots.map((root) => String(root.uri)).join(', ') || 'none'}`);
    },
  }),
  defineContentTool({
    name: 'test_input_required_result_request_state',
    title: 'Asks a confirmation',
    description: 'Asks the user to confirm (key confirm); answers state-ok once the state came back intact.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { confirm } = await askClient(context, { confirm: elicitation('Please confirm', { ok: { type: 'boolean' } }, ['ok']) });
      return text(`state-ok: the round state came back verified; confirmed=${JSON.stringify(confirm.content)}`);
    },
  }),
  defineContentTool({
    name: 'test_input_required_result_multiple_inputs',
    title: 'Asks three things at once',
    description: 'Asks a name, a greeting from the client’s model and the client’s roots in one round.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const answers = await askClient(context, {
        user_name: nameRequest,
        greeting: { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 } },
        client_roots: rootsRequest,
      });
      return text(`Got ${Object.keys(answers).sort().join(', ')}`);
    },
  }),
  defineContentTool({
    name: 'test_input_required_result_multi_round',
    title: 'Asks in two rounds',
    description: 'Asks a name, then a favourite colour, in two rounds.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { step1 } = await askClient(context, { step1: nameRequest });
      const { step2 } = await askClient(context, { step2: elicitation('What is your favorite color?', { color: { type: 'string' } }, ['color']) });
      return text(`Name ${JSON.stringify(step1.content)}, colour ${JSON.stringify(step2.content)}`);
    },
  }),
  defineContentTool({
    name: 'test_input_required_result_tampered_state',
    title: 'Asks, with sealed state',
    description: 'Asks a confirmation; its round state is sealed, so a changed one is refused.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const { confirm } = await askClient(context, { confirm: elicitation('Please confirm', { ok: { type: 'boolean' } }, ['ok']) });
      return text(`confirmed: ${JSON.stringify(confirm.content)}`);
    },
  }),
  defineContentTool({
    name: 'test_input_required_result_capabilities',
    title: 'Asks only what the client can answer',
    description: 'Asks the client’s model and the user, each only when the client declared the capability.',
    inputSchema: noArguments,
    async handler(_args, context) {
      const requests: Record<string, ClientRequest> = {};
      if (clientCan(context, 'sampling/createMessage')) requests.capital_question = capitalQuestion;
      if (clientCan(context, 'elicitation/create')) requests.user_name = nameRequest;
      const answers = await askClient(context, requests);
      return text(`Asked ${Object.keys(answers).join(', ') || 'nothing'}`);
    },
  }),
];
