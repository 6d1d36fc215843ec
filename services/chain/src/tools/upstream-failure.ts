import { ToolError, type ToolContext } from '@toolgate/core';
import { UpstreamError as SharedUpstreamError } from '@toolgate/upstream';
import { z } from 'zod';
import { UpstreamError } from '../upstream/upstream-error.ts';

/**
 * Runs a lookup and turns an upstream failure into a ToolError the model can act on.
 * Transport failures come from @toolgate/upstream (timeouts, HTTP status, circuit open), reply
 * failures from the pack's own UpstreamError (malformed batch, node error); both name the
 * upstream by label only, so no URL (or key) leaks.
 */
export async function withUpstreamErrors<T>(context: ToolContext, chain: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UpstreamError) && !(error instanceof SharedUpstreamError)) throw error;
    const failure = error instanceof UpstreamError ? error.failure : 'transport';
    context.logger.warn({ chain, failure, statusCode: error.statusCode, reason: error.message }, 'chain upstream failed');
    const advice = error.isRetryable ? ' Try again shortly.' : '';
    throw new ToolError(`Could not read from the chain: ${error.message}.${advice}`);
  }
}

export const chainSelector = (slugs: readonly string[]) =>
  `Chain to read: an Alchemy network slug (${slugs.slice(0, 8).join(', ')}, …), an alias such as ethereum, base, polygon, arbitrum, optimism or bsc, or a decimal chain id. Default eth-mainnet.`;

/** A 0x hex quantity without leading zeros, as JSON-RPC writes amounts ("0x0" for zero). */
export const hexQuantity = z.string().regex(/^0x(0|[1-9a-f][0-9a-f]*)$/);
