import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { askClient, defineContentTool, ToolError } from '../../src/index.ts';

const text = (value: string) => [{ type: 'text' as const, text: value }];
const confirm = (message: string) => ({
  method: 'elicitation/create' as const,
  params: { message, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } },
});

/** The fixtures of the tasks extension's scenarios (SEP-2663; names and behaviour as they specify), usable by 2025-11-25 tasks too. */
export const taskTools = [
  defineContentTool({
    name: 'greet',
    title: 'Greet',
    description: 'Greets by name, at once: never a task.',
    inputSchema: z.object({ name: z.string().max(100) }),
    async handler({ name }) {
      return text(`Hello, ${name}!`);
    },
  }),
  defineContentTool({
    name: 'slow_compute',
    title: 'Slow computation',
    description: 'Sleeps the given seconds, then answers; runs as a task when the client can take one. Cancelled, it stops.',
    inputSchema: z.object({ seconds: z.number().min(0).max(120), label: z.string().max(100).optional() }),
    execution: { taskSupport: 'optional' },
    async handler({ seconds, label }, context) {
      await sleep(seconds * 1000, undefined, { signal: context.signal });
      return text(`Computed ${label ?? 'result'} after ${seconds} s`);
    },
  }),
  defineContentTool({
    name: 'failing_job',
    title: 'Failing job',
    description: 'Runs only as a task, and ends with a tool error after a second.',
    inputSchema: z.object({}),
    execution: { taskSupport: 'required' },
    async handler(_args, context) {
      await sleep(1000, undefined, { signal: context.signal });
      throw new ToolError('The job failed, as it always does');
    },
  }),
  defineContentTool({
    name: 'protocol_error_job',
    title: 'Crashing job',
    description: 'Runs as a task and crashes: a protocol-level failure, not a tool error.',
    inputSchema: z.object({}),
    execution: { taskSupport: 'optional' },
    async handler() {
      throw new Error('the job crashed');
    },
  }),
  defineContentTool({
    name: 'confirm_delete',
    title: 'Delete, once confirmed',
    description: 'Asks the user to confirm deleting a file (the task waits for the answer), then says what it did.',
    inputSchema: z.object({ filename: z.string().max(200) }),
    execution: { taskSupport: 'optional' },
    async handler({ filename }, context) {
      const { answer } = await askClient(context, { answer: confirm(`Delete ${filename}?`) });
      const yes = answer.action === 'accept' && (answer.content as { confirm?: unknown } | undefined)?.confirm === true;
      return text(yes ? `Deleted ${filename}` : `Kept ${filename}`);
    },
  }),
  defineContentTool({
    name: 'multi_input',
    title: 'Two questions at once',
    description: 'Asks two questions in parallel; the task waits until both are answered.',
    inputSchema: z.object({}),
    execution: { taskSupport: 'optional' },
    async handler(_args, context) {
      const answers = await askClient(context, { first: confirm('First?'), second: confirm('Second?') });
      return text(`Answered: ${JSON.stringify(answers)}`);
    },
  }),
  defineContentTool({
    name: 'test_tool_with_task',
    title: 'Asks, then runs as a task',
    description: 'Asks the user their name (2026 rounds), then runs on as a task whose result greets them.',
    inputSchema: z.object({}),
    execution: { taskSupport: 'required', detach: 'handler' },
    async handler(_args, context) {
      const { user_name } = await askClient(context, {
        user_name: { method: 'elicitation/create', params: { message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
      });
      await context.task?.detach();
      await sleep(100, undefined, { signal: context.signal });
      return text(`Hello, ${String((user_name.content as { name?: unknown } | undefined)?.name)}, from the task`);
    },
  }),
];
