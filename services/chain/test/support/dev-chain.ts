import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import solc from 'solc';
import { ContractFactory, getAddress, JsonRpcProvider, namehash, Transaction, type InterfaceAbi } from 'ethers';

const require = createRequire(import.meta.url);

interface Artifact {
  abi: InterfaceAbi;
  bytecode: string;
}

/** OpenZeppelin 4.9.6 ships compiled artifacts: real, audited bytecode, no compiler needed. */
export function openZeppelin(name: string): Artifact {
  const path = require.resolve(`@openzeppelin/contracts/build/contracts/${name}.json`);
  const { abi, bytecode } = JSON.parse(readFileSync(path, 'utf8')) as Artifact;
  return { abi, bytecode };
}

/** The test's own contracts (test/fixtures/*.sol), compiled once per file. */
const compiled = new Map<string, Record<string, { abi: InterfaceAbi; evm: { bytecode: { object: string } } }>>();

export function compile(file: string, contract: string): Artifact {
  const contracts = compiled.get(file) ?? compileFile(file);
  compiled.set(file, contracts);
  const artifact = contracts[contract]!;
  return { abi: artifact.abi, bytecode: `0x${artifact.evm.bytecode.object}` };
}

/** Compiles one of the test's own files with solc-js ('paris': ganache predates PUSH0's default use). */
function compileFile(file: string) {
  const source = readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${JSON.stringify(errors)}`);
  return output.contracts[file];
}

export interface DevChain {
  url: string;
  accounts: string[];
  /** OpenZeppelin ERC20PresetFixedSupply "Toolgate Token" (TGT), 18 decimals; accounts[0] approved accounts[2] for `approved`. */
  erc20: string;
  approved: bigint;
  /** bytes32 name "Maker", symbol "MKR", uint256 decimals 18; accounts[0] approved accounts[3] for 7 wei. */
  bytes32Token: string;
  /** OpenZeppelin MinimalForwarder: a contract, not a token. */
  notToken: string;
  /** OpenZeppelin ERC721 preset: has name() and symbol() but no decimals(); token 0 minted to accounts[0], URI https://example.invalid/0. */
  nft: string;
  /** OpenZeppelin ERC1155 preset, URI https://nft.example/api/{id}.json; 10 of token 1 minted to accounts[1]. */
  erc1155: string;
  /** An externally owned account (no code). */
  eoa: string;
  /** accounts[1]'s TGT balance (sent by accounts[0]); accounts[0] keeps the rest of 10^24. */
  sent: bigint;
  /** Multicall3, deployed by its real presigned transaction: at 0xcA11bde05977b3631167028862bE2a173976CA11. */
  multicall3: string;
  /** ENS: `name` resolves to `target` through a test registry at the real registry address. */
  ens: { registry: string; name: string; target: string; unresolvedName: string };
  /** Deploys `count` more fixed-supply ERC-20s minted to `holder` (for the benchmark). */
  deployTokens(count: number, holder: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Multicall3's published presigned deployment (test/fixtures/SOURCES.md). */
export function multicall3Deployment() {
  const raw = readFileSync(new URL('../fixtures/multicall3/presigned-deployment.txt', import.meta.url), 'utf8').trim();
  return { raw, transaction: Transaction.from(raw) };
}

export const ENS_REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e';

/** ganache warns at load that its optional native websocket module is missing; the tests use HTTP only. */
async function loadGanache() {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return (await import('ganache')).default;
  } finally {
    console.warn = warn;
  }
}

/** A real in-process EVM chain (ganache) on 127.0.0.1, with real contracts deployed. */
export async function startDevChain(): Promise<DevChain> {
  const ganache = await loadGanache();
  const server = ganache.server({ logging: { quiet: true }, wallet: { deterministic: true }, chain: { hardfork: 'shanghai' } });
  await server.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true, batchMaxCount: 1 });
  try {
    const accounts = (await provider.send('eth_accounts', [])) as string[];
    const signer = await provider.getSigner(accounts[0]);
    const deploy = async (artifact: Artifact, ...args: unknown[]) => {
      const contract = await new ContractFactory(artifact.abi, artifact.bytecode, signer).deploy(...args);
      await contract.waitForDeployment();
      return contract;
    };

    const approved = 1_234_567_890_123_456_789n;
    const erc20 = await deploy(openZeppelin('ERC20PresetFixedSupply'), 'Toolgate Token', 'TGT', 10n ** 24n, accounts[0]);
    await (await (erc20.getFunction('approve'))(accounts[2], approved)).wait();

    const bytes32Token = await deploy(compile('Bytes32Token.sol', 'Bytes32Token'));
    await (await bytes32Token.getFunction('approve')(accounts[3], 7n)).wait();

    const notToken = await deploy(openZeppelin('MinimalForwarder'));
    const nft = await deploy(openZeppelin('ERC721PresetMinterPauserAutoId'), 'Toolgate NFT', 'TNFT', 'https://example.invalid/');
    const sent = 5_000_000_000_000_000_000n;
    await (await erc20.getFunction('transfer')(accounts[1], sent)).wait();

    // Multicall3 as it reaches every chain: fund its deployer, then publish the presigned transaction.
    const { raw, transaction } = multicall3Deployment();
    await (await signer.sendTransaction({ to: transaction.from, value: 10n ** 18n })).wait();
    const hash = (await provider.send('eth_sendRawTransaction', [raw])) as string;
    // ganache mines at once; the receipt is there (no polling).
    const receipt = (await provider.send('eth_getTransactionReceipt', [hash])) as { contractAddress: string };
    const multicall3 = getAddress(receipt.contractAddress);

    // ENS: a test registry's code placed at the real registry's address, pointing a name at accounts[7].
    const compiledRegistry = compile('EnsTestRegistry.sol', 'EnsTestRegistry');
    const template = await deploy(compiledRegistry);
    await provider.send('evm_setAccountCode', [ENS_REGISTRY, await provider.getCode(await template.getAddress())]);
    const resolver = await deploy(compile('EnsTestRegistry.sol', 'EnsTestResolver'));
    const registry = new ContractFactory(compiledRegistry.abi, compiledRegistry.bytecode, signer).attach(ENS_REGISTRY);
    const ensName = 'toolgate-test.eth';
    await (await registry.getFunction('setResolver')(namehash(ensName), await resolver.getAddress())).wait();
    await (await resolver.getFunction('setAddr')(namehash(ensName), accounts[7])).wait();
    // A registered name whose resolver has no address for it.
    await (await registry.getFunction('setResolver')(namehash('no-address.eth'), await resolver.getAddress())).wait();

    const fixedSupply = openZeppelin('ERC20PresetFixedSupply');

    // NFTs: token 0 of the ERC-721 to accounts[0]; 10 of ERC-1155 token 1 to accounts[1].
    await (await nft.getFunction('mint')(accounts[0])).wait();
    const erc1155 = await deploy(openZeppelin('ERC1155PresetMinterPauser'), 'https://nft.example/api/{id}.json');
    await (await erc1155.getFunction('mint')(accounts[1], 1n, 10n, '0x')).wait();

    return {
      url,
      accounts,
      erc20: await erc20.getAddress(),
      approved,
      bytes32Token: await bytes32Token.getAddress(),
      notToken: await notToken.getAddress(),
      nft: await nft.getAddress(),
      erc1155: await erc1155.getAddress(),
      eoa: accounts[5]!,
      sent,
      multicall3,
      ens: { registry: ENS_REGISTRY, name: ensName, target: getAddress(accounts[7]!), unresolvedName: 'no-address.eth' },
      async deployTokens(count, holder) {
        const addresses: string[] = [];
        for (let index = 0; index < count; index += 1) {
          const token = await deploy(fixedSupply, `Bench Token ${index}`, `BT${index}`, BigInt(index + 1) * 10n ** 18n, holder);
          addresses.push(await token.getAddress());
        }
        return addresses;
      },
      async close() {
        provider.destroy();
        await server.close();
      },
    };
  } catch (error) {
    provider.destroy();
    await server.close();
    throw error;
  }
}
