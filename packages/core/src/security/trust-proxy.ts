import express from 'express';
import { z } from 'zod';

/**
 * `TRUST_PROXY`: the reverse proxies whose `X-Forwarded-For` names the client. Comma-separated
 * addresses, CIDR ranges or Express's names (`loopback`, `linklocal`, `uniquelocal`); unset →
 * none, and the client is the socket's peer. Trusting every private range by default let any
 * client behind a shared private hop (the compose network) forge its address and escape its limit.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((value, context) => {
    const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    if (entries.length === 0) return undefined;
    try {
      // Express compiles the list with proxy-addr, which names the first entry it cannot read.
      express().set('trust proxy', entries);
    } catch (error) {
      context.addIssue({ code: 'custom', message: `${(error as Error).message} (want addresses, CIDR ranges, loopback, linklocal or uniquelocal)` });
      return z.NEVER;
    }
    return entries;
  });

/** The value for Express's `trust proxy` setting. */
export function trustProxySetting(entries: readonly string[] | undefined): boolean | string[] {
  return entries && entries.length > 0 ? [...entries] : false;
}
