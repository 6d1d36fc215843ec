import { ensNormalize, getAddress } from 'ethers';
import { z } from 'zod';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** An ENS name under .eth: labels of anything but dots and spaces (ENSIP-15 normalisation decides the rest). */
const ENS_NAME = /^[^\s.]+(\.[^\s.]+)*\.eth$/iu;

/** The checksummed form of a hex address, or an error message when a mixed-case spelling has a wrong EIP-55 checksum. */
export function checksummed(value: string, what: string): { address: string } | { error: string } {
  const hex = value.slice(2);
  const caseless = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  const address = getAddress(`0x${hex.toLowerCase()}`);
  if (!caseless && address !== value) {
    return { error: `${what} has a wrong EIP-55 checksum (mixed case); check it for typos, or send it all in lower case if the case carries no checksum` };
  }
  return { address };
}

/**
 * An address, or an ENS name (vitalik.eth) to be resolved on Ethereum mainnet. The parsed value
 * is the checksummed address, or the ENSIP-15-normalised name (which never starts with 0x and
 * ends in .eth): the tool resolves it against the chain it reads.
 */
export function addressOrNameSchema(what: string) {
  return z
    .string()
    .trim()
    .max(255)
    .transform((value, context) => {
      if (HEX_ADDRESS.test(value)) {
        const result = checksummed(value, what);
        if ('address' in result) return result.address;
        context.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      if (ENS_NAME.test(value)) {
        try {
          return ensNormalize(value);
        } catch {
          context.addIssue({ code: 'custom', message: `${what} is not a valid ENS name (ENSIP-15 normalisation refused it)` });
          return z.NEVER;
        }
      }
      context.addIssue({ code: 'custom', message: `${what} must be a 20-byte hex address (0x followed by 40 hex digits) or an ENS name ending in .eth` });
      return z.NEVER;
    })
    .describe(`${what}: 0x-prefixed 20-byte hex address (checksummed or all one case), or an ENS name such as vitalik.eth (Ethereum mainnet only)`);
}

export const isEnsName = (value: string) => !value.startsWith('0x');
