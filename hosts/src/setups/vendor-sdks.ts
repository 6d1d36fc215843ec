import Anthropic from '@anthropic-ai/sdk';
import { mcpTools, type MCPClientLike } from '@anthropic-ai/sdk/helpers/beta/mcp';
import { GoogleGenAI, mcpToTool } from '@google/genai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { anthropic } from '../providers/anthropic.ts';
import { gemini } from '../providers/gemini.ts';
import { API_KEY, PROMPT, sent, type Setup } from './setup.ts';

async function withMcpClient(endpoint: string, use: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client({ name: 'toolgate-host-check', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
  try {
    await use(client);
  } finally {
    await client.close();
  }
}

/** The Anthropic SDK's MCP helper: `mcpTools(tools, client)` handed to the Messages API. */
export const anthropicSdk: Setup = {
  host: 'Anthropic SDK, MCP helper (mcpTools)',
  packages: ['@anthropic-ai/sdk'],
  provider: anthropic,
  send: (endpoint) =>
    withMcpClient(endpoint, async (client) => {
      const { tools } = await client.listTools();
      // The SDK v1 Client's callTool type includes the legacy toolResult shape the helper does not name.
      const messages = new Anthropic({ apiKey: API_KEY, maxRetries: 0 }).beta.messages;
      await sent(() => messages.create({ model: 'claude-sonnet-5-5', max_tokens: 256, messages: [{ role: 'user', content: PROMPT }], tools: mcpTools(tools, client as MCPClientLike) }));
    }),
};

/** @google/genai's `mcpToTool(client)` in generateContent. */
export const googleGenai: Setup = {
  host: '@google/genai, mcpToTool',
  packages: ['@google/genai'],
  provider: gemini,
  send: (endpoint) =>
    withMcpClient(endpoint, async (client) => {
      const models = new GoogleGenAI({ apiKey: API_KEY }).models;
      await sent(() => models.generateContent({ model: 'gemini-2.5-flash', contents: PROMPT, config: { tools: [mcpToTool(client)], automaticFunctionCalling: { disable: true } } }));
    }),
};
