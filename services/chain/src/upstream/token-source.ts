import { ToolError } from '@toolgate/core';

/** ERC-20 metadata as read from a chain; `logo` only when the provider knows one. */
export interface TokenFacts {
  name: string;
  symbol: string;
  decimals: number;
  logo?: string | null;
}

/** One chain's reads. Throws UpstreamError when the upstream fails, ToolError when the contract does. */
export interface TokenSource {
  readMetadata(contract: string, signal?: AbortSignal): Promise<TokenFacts>;
  readAllowance(contract: string, owner: string, spender: string, signal?: AbortSignal): Promise<bigint>;
}

export function noContract(contract: string, chain: string): ToolError {
  return new ToolError(`No contract at ${contract} on ${chain}: the address has no code (an externally owned account, or a contract not deployed on this chain). Check the address and the chain.`);
}

export function notErc20(contract: string, chain: string, missing: string): ToolError {
  return new ToolError(`The contract at ${contract} on ${chain} is not an ERC-20 token: ${missing}.`);
}

/** eth_getCode's answer: "0x" (or no bytes at all) means no contract. */
export function hasCode(code: unknown): boolean {
  return typeof code === 'string' && /^0x[0-9a-fA-F]*$/.test(code) && code.length > 2 && !/^0x0*$/.test(code);
}
