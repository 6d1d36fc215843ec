import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import solc from 'solc';
import { ContractFactory, JsonRpcProvider, type InterfaceAbi } from 'ethers';

const require = createRequire(import.meta.url);

interface Artifact {
  abi: InterfaceAbi;
  bytecode: string;
}

/** OpenZeppelin 4.9.6 ships compiled artifacts: real, audited bytecode, no compiler needed. */
function openZeppelin(name: string): Artifact {
  const path = require.resolve(`@openzeppelin/contracts/build/contracts/${name}.json`);
  const { abi, bytecode } = JSON.parse(readFileSync(path, 'utf8')) as Artifact;
  return { abi, bytecode };
}

/** Compiles one of the test's own contracts with solc-js ('paris': ganache predates PUSH0's default use). */
function compile(file: string, contract: string): Artifact {
  const source = readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${JSON.stringify(errors)}`);
  const compiled = output.contracts[file][contract];
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
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
  /** OpenZeppelin ERC721 preset: has name() and symbol() but no decimals(). */
  nft: string;
  /** An externally owned account (no code). */
  eoa: string;
  close(): Promise<void>;
}

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

    return {
      url,
      accounts,
      erc20: await erc20.getAddress(),
      approved,
      bytes32Token: await bytes32Token.getAddress(),
      notToken: await notToken.getAddress(),
      nft: await nft.getAddress(),
      eoa: accounts[5]!,
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
