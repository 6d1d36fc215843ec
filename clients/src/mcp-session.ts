import type { Session, ToolOutcome } from './types.ts';

/** The part of an MCP SDK client (v1, v2, or one a library wraps) a session needs. */
interface SdkLikeClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listResources?(): Promise<{ resources: { uri: string }[] }>;
  getPrompt?(request: { name: string; arguments: Record<string, string> }): Promise<{ messages: { content: { type: string; text?: string } }[] }>;
  close(): Promise<void>;
}

/** A tool result as the protocol carries it, reduced to the scenario's view. */
export function outcomeOf(result: unknown): ToolOutcome {
  const { isError, content, structuredContent } = result as { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: unknown };
  const texts = (content ?? []).filter((block) => block.type === 'text').map((block) => block.text ?? '');
  if (structuredContent !== undefined) texts.push(JSON.stringify(structuredContent));
  return { isError: isError === true, text: texts.join('\n') };
}

export function sdkSession(client: SdkLikeClient): Session {
  const { listResources, getPrompt } = client;
  return {
    listTools: async () => (await client.listTools()).tools.map(({ name }) => name),
    call: async (name, args) => outcomeOf(await client.callTool({ name, arguments: args })),
    ...(listResources && getPrompt
      ? {
          listResources: async () => (await listResources.call(client)).resources.map(({ uri }) => uri),
          getPrompt: async (name: string, args: Record<string, string>) =>
            (await getPrompt.call(client, { name, arguments: args })).messages.map(({ content }) => (content.type === 'text' ? (content.text ?? '') : `[${content.type}]`)).join('\n'),
        }
      : {}),
    close: () => client.close(),
  };
}
