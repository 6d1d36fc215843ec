import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineContentTool } from '../../src/index.ts';

const noArguments = z.object({});

/** The tools whose answer streams notifications before its result (tools-call-with-logging, tools-call-with-progress). */
export const streamingTools = [
  defineContentTool({
    name: 'test_tool_with_logging',
    title: 'Logs while it runs',
    description: 'Sends three log lines at info, 50 ms apart, then answers.',
    inputSchema: noArguments,
    async handler(_args, context) {
      context.client?.log('info', 'Tool execution started');
      await sleep(50, undefined, { signal: context.signal });
      context.client?.log('info', 'Tool processing data');
      await sleep(50, undefined, { signal: context.signal });
      context.client?.log('info', 'Tool execution completed');
      return [{ type: 'text', text: 'Tool with logging executed successfully' }];
    },
  }),
  defineContentTool({
    name: 'test_tool_with_progress',
    title: 'Reports progress',
    description: 'Reports progress 0, 50 and 100 of 100, 50 ms apart, when the request carries a progress token.',
    inputSchema: noArguments,
    async handler(_args, context) {
      for (const progress of [0, 50, 100]) {
        context.client?.progress(progress, 100, `${progress}%`);
        if (progress < 100) await sleep(50, undefined, { signal: context.signal });
      }
      return [{ type: 'text', text: 'Tool with progress executed successfully' }];
    },
  }),
];
