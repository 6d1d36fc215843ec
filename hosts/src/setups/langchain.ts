import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { ChatOpenAI } from '@langchain/openai';
import { anthropic } from '../providers/anthropic.ts';
import { gemini } from '../providers/gemini.ts';
import { openai } from '../providers/openai.ts';
import type { ProviderRules } from '../providers/types.ts';
import { API_KEY, PROMPT, sent, type Setup } from './setup.ts';

function langchain(host: string, provider: ProviderRules, packageName: string, model: () => BaseChatModel, strict = false): Setup {
  return {
    host: `LangChain MCP adapters + ${host}`,
    packages: ['@langchain/mcp-adapters', '@langchain/core', packageName],
    provider,
    ...(strict ? { cannot: 'forwards the schemas unchanged with OpenAI strict: true, which wants every property required (optional ones nullable)' } : {}),
    async send(endpoint) {
      const client = new MultiServerMCPClient({ mcpServers: { toolgate: { transport: 'http', url: endpoint } }, throwOnLoadError: true, prefixToolNameWithServerName: false });
      try {
        const tools = await client.getTools();
        const bound = strict ? (model() as ChatOpenAI).bindTools(tools, { strict: true }) : model().bindTools!(tools);
        await sent(() => bound.invoke(PROMPT));
      } finally {
        await client.close();
      }
    },
  };
}

export const langchainSetups = [
  langchain('ChatOpenAI', openai, '@langchain/openai', () => new ChatOpenAI({ model: 'gpt-4.1', apiKey: API_KEY, maxRetries: 0 })),
  langchain('ChatOpenAI, bindTools strict: true', openai, '@langchain/openai', () => new ChatOpenAI({ model: 'gpt-4.1', apiKey: API_KEY, maxRetries: 0 }), true),
  langchain('ChatAnthropic', anthropic, '@langchain/anthropic', () => new ChatAnthropic({ model: 'claude-sonnet-5-5', apiKey: API_KEY, maxRetries: 0 })),
  langchain('ChatGoogleGenerativeAI (Gemini)', gemini, '@langchain/google-genai', () => new ChatGoogleGenerativeAI({ model: 'gemini-2.5-flash', apiKey: API_KEY, maxRetries: 0 })),
];
