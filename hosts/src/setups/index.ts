import { aiSdkSetups } from './ai-sdk.ts';
import { inspectorStrict } from './inspector.ts';
import { langchainSetups } from './langchain.ts';
import { openaiAgents } from './openai-agents.ts';
import type { Setup } from './setup.ts';
import { anthropicSdk, googleGenai } from './vendor-sdks.ts';

/** Every setup the issue names (issue 29), in the README table's order. */
export const SETUPS: Setup[] = [...openaiAgents, ...aiSdkSetups, ...langchainSetups, anthropicSdk, googleGenai, inspectorStrict];
