import { Agent, MCPServerStreamableHttp, OpenAIResponsesModel, run, setTracingDisabled } from '@openai/agents';
import OpenAI from 'openai';
import { openai } from '../providers/openai.ts';
import { API_KEY, PROMPT, sent, type Setup } from './setup.ts';

setTracingDisabled(true);

function agentsSdk(convertSchemasToStrict: boolean): Setup {
  return {
    host: `OpenAI Agents SDK, ${convertSchemasToStrict ? 'convertSchemasToStrict: true' : 'default (non-strict)'}`,
    packages: ['@openai/agents', 'openai'],
    provider: openai,
    async send(endpoint) {
      const server = new MCPServerStreamableHttp({ url: endpoint, name: 'toolgate' });
      await server.connect();
      try {
        const model = new OpenAIResponsesModel(new OpenAI({ apiKey: API_KEY, maxRetries: 0 }), 'gpt-4.1');
        const agent = new Agent({ name: 'check', instructions: 'Use the tools.', model, mcpServers: [server], mcpConfig: { convertSchemasToStrict } });
        await sent(() => run(agent, PROMPT));
      } finally {
        await server.close();
      }
    },
  };
}

export const openaiAgents = [agentsSdk(false), agentsSdk(true)];
