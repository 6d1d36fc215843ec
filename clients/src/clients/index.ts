import type { ClientUnderTest } from '../types.ts';
import { aiSdk } from './ai-sdk.ts';
import { chromiumPage } from './chromium-page.ts';
import { genkitClient } from './genkit.ts';
import { inspectorCli } from './inspector-cli.ts';
import { langchain } from './langchain.ts';
import { mcpRemote } from './mcp-remote.ts';
import { mcporter } from './mcporter.ts';
import { sdkV1 } from './sdk-v1.ts';
import { sdkV2Legacy, sdkV2Modern } from './sdk-v2.ts';

/** Every client the matrix runs, in table order. */
export const CLIENTS: ClientUnderTest[] = [sdkV1, sdkV2Modern, sdkV2Legacy, aiSdk, langchain, genkitClient, inspectorCli, mcpRemote, mcporter, chromiumPage];
