import { ToolError, type ToolContext } from '@toolgate/core';
import { UpstreamError } from '@toolgate/upstream';
import { z } from 'zod';

/**
 * Runs a lookup and turns an upstream failure into a ToolError the model can act on. Every
 * upstream failure is @toolgate/upstream's UpstreamError: transport ones (timeouts, HTTP status,
 * circuit open) from its client, reply ones (malformed batch, a node's error) from the pack's
 * JSON-RPC layer; all name the upstream by label only, so no URL (or key) leaks.
 */
export async function withUpstreamErrors<T>(context: ToolContext, chain: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    context.logger.warn({ chain, upstream: error.upstream, statusCode: error.statusCode, reason: error.message }, 'chain upstream failed');
    const advice = error.isRetryable ? ' Try again shortly.' : '';
    throw new ToolError(`Could not read from the chain: ${error.message}.${advice}`);
  }
}

export const chainSelector = (slugs: readonly string[]) =>
  `Chain to read: an Alchemy network slug (${slugs.slice(0, 8).join(', ')}, …), an alias such as ethereum, base, polygon, arbitrum, optimism or bsc, or a decimal chain id. Default eth-mainnet.`;

/** A 0x hex quantity without leading zeros, as JSON-RPC writes amounts ("0x0" for zero). */
export const hexQuantity = z.string().regex(/^0x(0|[1-9a-f][0-9a-f]*)$/);
