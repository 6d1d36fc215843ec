import { readFileSync } from 'node:fs';
import { AbiCoder, Interface } from 'ethers';
import { repoRoot } from '../src/index.ts';

// The standard JSON-RPC reads behind the chain pack's keyless tools (chain_info, block,
// transaction, nft_metadata), answered from ethereum.org's JSON-RPC documentation examples
// (developers/docs/apis/json-rpc: eth_chainId, eth_gasPrice, eth_getBlockByHash,
// eth_getTransactionByHash and eth_getTransactionReceipt, each for its own documented hash).
// The one NFT is the first of the chain pack's recorded getNFTsForOwner answer
// (services/chain/test/fixtures/alchemy/nfts-for-owner-v3.json, SOURCES.md there): its contract
// answers ERC-165 for ERC-1155 and the token URI that recording gives.

export const DOCUMENTED = {
  chainId: '0x1',
  gasPrice: '0x1dfd14000',
  block: {
    difficulty: '0x4ea3f27bc',
    extraData: '0x476574682f4c5649562f76312e302e302f6c696e75782f676f312e342e32',
    gasLimit: '0x1388',
    gasUsed: '0x0',
    hash: '0xdc0818cf78f21a8e70579cb46a43643f78291264dda342ae31049421c82d21ae',
    miner: '0xbb7b8287f3f0a933474a79eae42cbca977791171',
    mixHash: '0x4fffe9ae21f1c9e15207b1f472d5bbdd68c9595d461666602f2be20daf5e7843',
    nonce: '0x689056015818adbe',
    number: '0x1b4',
    parentHash: '0xe99e022112df268087ea7eafaf4790497fd21dbeeb6bd7a1721df161a6657a54',
    receiptsRoot: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    size: '0x220',
    stateRoot: '0xddc8b0234c2e0cad087c8b389aa7ef01f7d79b2570bccb77ce48648aa61c904d',
    timestamp: '0x55ba467c',
    totalDifficulty: '0x78ed983323d',
    transactions: [],
    transactionsRoot: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    uncles: [],
  },
  transaction: {
    blockHash: '0x1d59ff54b1eb26b013ce3cb5fc9dab3705b415a67127a003c3e61eb445bb8df2',
    blockNumber: '0x5daf3b',
    from: '0xa7d9ddbe1f17865597fbd27ec712455208b6b76d',
    gas: '0xc350',
    gasPrice: '0x4a817c800',
    hash: '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b',
    input: '0x68656c6c6f21',
    nonce: '0x15',
    to: '0xf02c1c8e6114b1dbe8937a39260b5b0a374432bb',
    transactionIndex: '0x41',
    value: '0xf3dbb76162000',
    v: '0x25',
    r: '0x1b5e176d927f8e9ab405058b2d2457392da3e20f328b16ddabcebc33eaac5fea',
    s: '0x4ba69724e8f69de52f0125ad8b3c5c2cef33019bac3249e2c0a2192766d1721c',
  },
  // The documented receipt belongs to another transaction (the docs use two examples); its log
  // objects and bloom are elided there ("logs returned by getFilterLogs"), so none here.
  receipt: {
    blockHash: '0xa957d47df264a31badc3ae823e10ac1d444b098d9b73d204c40426e57f47e8c3',
    blockNumber: '0xeff35f',
    contractAddress: null,
    cumulativeGasUsed: '0xa12515',
    effectiveGasPrice: '0x5a9c688d4',
    from: '0x6221a9c005f6e47eb398fd867784cacfdcfff4e7',
    gasUsed: '0xb4c8',
    logs: [],
    status: '0x1',
    to: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    transactionHash: '0x85d995eba9763907fdf35cd2034144dd9d53ce32cbec21349d4b12823c6860c5',
    transactionIndex: '0x66',
    type: '0x2',
  },
};

const owned = JSON.parse(readFileSync(`${repoRoot}services/chain/test/fixtures/alchemy/nfts-for-owner-v3.json`, 'utf8')).ownedNfts[0];
export const NFT = {
  contract: owned.contract.address as string,
  tokenId: owned.tokenId as string,
  tokenUri: owned.tokenUri as string,
};

const ERC1155_ID = '0xd9b67a26';
const nftAbi = new Interface(['function supportsInterface(bytes4) view returns (bool)', 'function uri(uint256) view returns (string)']);
const coder = AbiCoder.defaultAbiCoder();

/** The NFT contract's answer to one eth_call, or undefined when `target` is not it. */
export function nftCall(target: string, data: string): string | undefined {
  if (target.toLowerCase() !== NFT.contract.toLowerCase()) return undefined;
  const call = nftAbi.parseTransaction({ data });
  if (call?.name === 'supportsInterface') return coder.encode(['bool'], [call.args[0] === ERC1155_ID]);
  if (call?.name === 'uri' && call.args[0] === BigInt(NFT.tokenId)) return coder.encode(['string'], [NFT.tokenUri]);
  return '0x';
}

const sameHex = (a: unknown, b: string) => String(a).toLowerCase() === b.toLowerCase();

/** The documented answer to a standard read, or undefined for a method this stand-in does not serve. */
export function documentedAnswer(method: string, params: unknown[]): { value: unknown } | undefined {
  switch (method) {
    case 'eth_chainId':
      return { value: DOCUMENTED.chainId };
    case 'eth_gasPrice':
      return { value: DOCUMENTED.gasPrice };
    case 'eth_getBlockByNumber':
      return { value: params[0] === 'latest' || sameHex(params[0], DOCUMENTED.block.number) ? DOCUMENTED.block : null };
    case 'eth_getBlockByHash':
      return { value: sameHex(params[0], DOCUMENTED.block.hash) ? DOCUMENTED.block : null };
    case 'eth_getTransactionByHash':
      return { value: sameHex(params[0], DOCUMENTED.transaction.hash) ? DOCUMENTED.transaction : null };
    case 'eth_getTransactionReceipt':
      return { value: sameHex(params[0], DOCUMENTED.receipt.transactionHash) ? DOCUMENTED.receipt : null };
    default:
      return undefined;
  }
}
