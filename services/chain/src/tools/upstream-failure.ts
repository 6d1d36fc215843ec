import { ToolError, type ToolContext } from '@toolgate/core';
import { UpstreamError } from '../upstream/upstream-error.ts';

/**
 * Runs a lookup and turns an upstream failure into a ToolError the model can act on.
 * UpstreamError messages name the upstream by label only, so no URL (or key) leaks.
 */
export async function withUpstreamErrors<T>(context: ToolContext, chain: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    context.logger.warn({ chain, failure: error.failure, statusCode: error.statusCode, reason: error.message }, 'chain upstream failed');
    const advice = error.isRetryable ? ' Try again shortly.' : '';
    throw new ToolError(`Could not read from the chain: ${error.message}.${advice}`);
  }
}

export const chainSelector = (slugs: readonly string[]) =>
  `Chain to read: an Alchemy network slug (${slugs.slice(0, 8).join(', ')}, …), an alias such as ethereum, base, polygon, arbitrum, optimism or bsc, or a decimal chain id. Default eth-mainnet.`;
