import { getAddress } from 'ethers';
import { z } from 'zod';

/**
 * An EVM address: `0x` and 40 hex digits. Mixed case must be a valid EIP-55 checksum
 * (a typo in a checksummed address is caught); all lower or all upper case is accepted.
 * The parsed value is the checksummed form, so caches and logos key on one spelling.
 */
export function addressSchema(what: string) {
  return z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, `${what} must be a 20-byte hex address: 0x followed by 40 hex digits`)
    .transform((value, context) => {
      const hex = value.slice(2);
      const caseless = hex === hex.toLowerCase() || hex === hex.toUpperCase();
      const checksummed = getAddress(`0x${hex.toLowerCase()}`);
      if (!caseless && checksummed !== value) {
        context.addIssue({ code: 'custom', message: `${what} has a wrong EIP-55 checksum (mixed case); check it for typos, or send it all in lower case if the case carries no checksum` });
        return z.NEVER;
      }
      return checksummed;
    })
    .describe(`${what}: 0x-prefixed 20-byte hex address (checksummed or all one case)`);
}
