import { ToolError } from '@toolgate/core';
import { AbiCoder, getAddress, Interface } from 'ethers';
import { isContractRefusal, nodeFailure, type JsonRpc, type RpcOutcome } from './json-rpc.ts';
import { expandErc1155Id } from './nft-uri.ts';
import { ethCall, getCode } from './rpc-token-source.ts';
import { decodeTokenText } from './erc20.ts';
import { hasCode, noContract } from './token-source.ts';

/** ERC-165 interface ids (EIP-721, EIP-1155). */
const ERC721_ID = '0x80ac58cd';
const ERC1155_ID = '0xd9b67a26';

const nftAbi = new Interface([
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function uri(uint256 id) view returns (string)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
]);
const coder = AbiCoder.defaultAbiCoder();

export interface NftFacts {
  standard: 'ERC-721' | 'ERC-1155';
  name: string | null;
  symbol: string | null;
  /** ERC-721 only: ERC-1155 tokens have balances, not an owner. */
  owner: string | null;
  /** With ERC-1155's {id} already expanded; null when the contract has no URI for the token. */
  tokenUri: string | null;
}

function decoded<T>(outcome: RpcOutcome | undefined, label: string, type: string): T | undefined {
  if (!outcome) return undefined;
  if (!outcome.ok) {
    if (isContractRefusal(outcome)) return undefined;
    throw nodeFailure(label, outcome);
  }
  try {
    return typeof outcome.result === 'string' && outcome.result !== '0x' ? (coder.decode([type], outcome.result)[0] as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Everything nft_metadata reads, in one JSON-RPC batch: the code, ERC-165 for both standards,
 * and the token's owner and URIs under both standards' names; the standard the contract
 * declares decides which answers count.
 */
export async function readNft(rpc: JsonRpc, label: string, chain: string, contract: string, tokenId: bigint, signal?: AbortSignal): Promise<NftFacts> {
  const call = (name: string, args: unknown[] = []) => ethCall(contract, nftAbi.encodeFunctionData(name, args));
  const [code, is721, is1155, owner, tokenUri, uri, name, symbol] = await rpc.batch(
    [
      getCode(contract), call('supportsInterface', [ERC721_ID]), call('supportsInterface', [ERC1155_ID]),
      call('ownerOf', [tokenId]), call('tokenURI', [tokenId]), call('uri', [tokenId]), call('name'), call('symbol'),
    ],
    signal,
  );
  if (!code?.ok) throw nodeFailure(label, code && !code.ok ? code : { ok: false, code: 0, message: 'no answer to eth_getCode' });
  if (!hasCode(code.result)) throw noContract(contract, chain);
  const collection = { name: decodeTokenText(name?.ok ? name.result : undefined) ?? null, symbol: decodeTokenText(symbol?.ok ? symbol.result : undefined) ?? null };
  if (decoded<boolean>(is721, label, 'bool') === true) {
    const holder = decoded<string>(owner, label, 'address');
    if (holder === undefined) throw new ToolError(`Token ${tokenId} does not exist in the ERC-721 contract ${contract} on ${chain} (ownerOf reverted: never minted, or burned).`);
    return { standard: 'ERC-721', ...collection, owner: getAddress(holder), tokenUri: decoded<string>(tokenUri, label, 'string') ?? null };
  }
  if (decoded<boolean>(is1155, label, 'bool') === true) {
    const template = decoded<string>(uri, label, 'string');
    return { standard: 'ERC-1155', ...collection, owner: null, tokenUri: template === undefined ? null : expandErc1155Id(template, tokenId) };
  }
  throw new ToolError(`The contract at ${contract} on ${chain} is not an NFT contract: supportsInterface (ERC-165) claims neither ERC-721 (${ERC721_ID}) nor ERC-1155 (${ERC1155_ID}).`);
}
