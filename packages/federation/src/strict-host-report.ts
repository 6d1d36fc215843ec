import { strictHostRefusals, type RemoteListedTool } from '@toolgate/core/server';
import type { Logger } from 'pino';

/** How many tool names one log line carries: a server may list thousands. */
const MAX_NAMED = 20;

/**
 * Says which of a server's tools an agent in OpenAI strict mode could not be given (core's
 * strictHostRefusals: the OpenAI Agents SDK's strict conversion, then the API's rules): OpenAI
 * refuses the agent's whole request for one such tool, so an operator who fronts the server should
 * know. Once per listing; the page says the same under each tool.
 */
export function logStrictHostRefusals(tools: readonly RemoteListedTool[], logger: Logger): void {
  const refused = tools.flatMap((tool) => {
    const [reason] = strictHostRefusals(tool);
    return reason ? [{ tool: tool.name, reason }] : [];
  });
  if (refused.length === 0) return;
  logger.warn(
    { refused: refused.length, tools: refused.slice(0, MAX_NAMED).map(({ tool }) => tool), first: refused[0]!.reason.slice(0, 500) },
    'OpenAI strict mode would refuse some of the server\'s tools, and with any of them every tool of an agent\'s request (convertSchemasToStrict)',
  );
}
