import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMCPClient } from '@ai-sdk/mcp';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel } from 'ai';
import { anthropic } from '../providers/anthropic.ts';
import { gemini } from '../providers/gemini.ts';
import { openai } from '../providers/openai.ts';
import type { ProviderRules } from '../providers/types.ts';
import { API_KEY, PROMPT, sent, type Setup } from './setup.ts';

function aiSdk(host: string, provider: ProviderRules, packageName: string, model: () => LanguageModel, strict = false): Setup {
  return {
    host: `Vercel AI SDK + ${host}`,
    packages: ['ai', '@ai-sdk/mcp', packageName],
    provider,
    ...(strict ? { cannot: 'forwards the schemas unchanged with OpenAI strict: true, which wants every property required (optional ones nullable)' } : {}),
    async send(endpoint) {
      const client = await createMCPClient({ transport: { type: 'http', url: endpoint } });
      try {
        const listed = await client.tools();
        // A tool's `strict` is what the AI SDK sends as OpenAI's strict flag.
        const tools = strict ? (Object.fromEntries(Object.entries(listed).map(([name, tool]) => [name, { ...tool, strict: true }])) as typeof listed) : listed;
        await sent(() => generateText({ model: model(), tools, prompt: PROMPT, maxRetries: 0 }));
      } finally {
        await client.close();
      }
    },
  };
}

export const aiSdkSetups = [
  aiSdk('OpenAI', openai, '@ai-sdk/openai', () => createOpenAI({ apiKey: API_KEY })('gpt-4.1')),
  aiSdk('OpenAI, tools strict: true', openai, '@ai-sdk/openai', () => createOpenAI({ apiKey: API_KEY })('gpt-4.1'), true),
  aiSdk('Anthropic', anthropic, '@ai-sdk/anthropic', () => createAnthropic({ apiKey: API_KEY })('claude-sonnet-5-5')),
  aiSdk('Google', gemini, '@ai-sdk/google', () => createGoogleGenerativeAI({ apiKey: API_KEY })('gemini-2.5-flash')),
];
