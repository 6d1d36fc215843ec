import { createMcpHandler, McpServer, type McpHttpHandler } from '@modelcontextprotocol/server';
import { createLogger, isContentTool, type Pack } from '../../src/index.ts';

/**
 * The reference: the SDK v2's documented per-request server (`createMcpHandler`) serving the
 * same tools as a toolgate pack, from the same declarations (name, title, description, zod
 * schemas, annotations, handler). Only toolgate's dispatcher is left out, so any difference
 * in the answers comes from the serving path under test.
 */
export function createReferenceHandler(pack: Pack): McpHttpHandler {
  const logger = createLogger({ level: 'silent' });
  const factory = () => {
    const server = new McpServer({ name: 'reference', version: '0.0.0' }, pack.instructions ? { instructions: pack.instructions } : {});
    for (const tool of pack.tools) {
      const context = { signal: new AbortController().signal, requestId: 'reference', logger };
      const config = {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        // toolgate publishes the title inside the annotations too (MCP's ToolAnnotations.title),
        // so the reference is given the annotations exactly as the pack publishes them.
        ...(tool.annotations ? { annotations: { title: tool.title, ...tool.annotations } } : {}),
      };
      if (isContentTool(tool)) {
        const registered = server.registerTool(tool.name, config, async (args: unknown) => ({ content: await tool.handler(args as never, context) }));
        // A tool that runs as a task says so in its 2025-11-25 listing (SEP-1686); registerTool takes no such option.
        if (tool.execution) registered.execution = { taskSupport: tool.execution.taskSupport };
        continue;
      }
      server.registerTool(tool.name, { ...config, outputSchema: tool.outputSchema }, async (args: unknown) => {
        const value = (await tool.handler(args as never, context)) as Record<string, unknown>;
        // A thrown ToolError becomes an isError result with its message in the SDK as well.
        return { structuredContent: value, content: [{ type: 'text' as const, text: JSON.stringify(value) }] };
      });
    }
    return server;
  };
  return createMcpHandler(factory);
}
