import { ContractFactory, getAddress, JsonRpcProvider } from 'ethers';
import { buildChainApp } from './support/chain-app.ts';
import { compile, startDevChain, type DevChain } from './support/dev-chain.ts';

/**
 * Issue 40: read_contract publishes each argument as a string (the typed form every LLM host takes),
 * and still takes every form it took before: numbers, true/false, JSON arrays, nested arrays,
 * tuples as arrays or as objects by name. Each call goes to a real contract on a real chain, whose
 * answer depends on how the arguments were encoded.
 */
describe('read_contract arguments on a real EVM dev chain', () => {
  let chain: DevChain;
  let forms: string;
  let harness: ReturnType<typeof buildChainApp>;

  beforeAll(async () => {
    chain = await startDevChain();
    const provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true, batchMaxCount: 1 });
    try {
      const artifact = compile('ArgumentForms.sol', 'ArgumentForms');
      const contract = await new ContractFactory(artifact.abi, artifact.bytecode, await provider.getSigner(chain.accounts[0])).deploy();
      await contract.waitForDeployment();
      forms = await contract.getAddress();
    } finally {
      provider.destroy();
    }
    harness = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ devchain: chain.url }) });
  }, 120_000);
  afterAll(async () => {
    await chain?.close();
  });

  const read = async (signature: string, args: unknown[]) => {
    const result = await harness.call('read_contract', { chain: 'devchain', contract: forms, function: signature, args });
    if (result.isError) throw new Error(harness.text(result));
    return (result.structuredContent as { result: { value: unknown }[] }).result.map(({ value }) => value);
  };
  const refusal = async (signature: string, args: unknown[]) => harness.text(await harness.call('read_contract', { chain: 'devchain', contract: forms, function: signature, args }));

  const PICK = 'pick(bool first, uint256 a, uint256 b) pure returns (uint256)';
  const SUM = 'sum(uint256[] values) pure returns (uint256)';
  const TOTAL = 'total((address who, uint256 amount)[] entries) pure returns (uint256 amount, address last)';
  const CELLS = 'cells(uint256[][] grid) pure returns (uint256 count, uint256 sumOfAll)';

  it('takes the forms it took before: numbers, true/false, JSON arrays, nested arrays, tuples as arrays or objects', async () => {
    expect(await read(PICK, [true, 7, '9'])).toEqual(['7']);
    expect(await read(PICK, [false, 7, 9])).toEqual(['9']);
    expect(await read(SUM, [[1, '2', 3]])).toEqual(['6']);
    const [a, b] = [chain.accounts[1]!, chain.accounts[2]!];
    expect(await read(TOTAL, [[[a, '5'], [b, 7]]])).toEqual(['12', getAddress(b)]);
    expect(await read(TOTAL, [[{ who: a, amount: 5 }]])).toEqual(['5', getAddress(a)]);
    expect(await read(CELLS, [[[1, 2], [], ['3']]])).toEqual(['3', '6']);
    expect(await read('size(bytes data, int8 delta) pure returns (int256)', ['0x010203', -5])).toEqual(['-2']);
  });

  it('takes every argument as a string, as a host in OpenAI strict mode sends it', async () => {
    expect(await read(PICK, ['true', '7', '9'])).toEqual(['7']);
    expect(await read(PICK, ['false', '7', '9'])).toEqual(['9']);
    expect(await read(SUM, ['[1, "2", 3]'])).toEqual(['6']);
    const [a, b] = [chain.accounts[1]!, chain.accounts[2]!];
    expect(await read(TOTAL, [JSON.stringify([[a, '5'], [b, '7']])])).toEqual(['12', getAddress(b)]);
    expect(await read(CELLS, ['[["1", "2"], [], ["3"]]'])).toEqual(['3', '6']);
    expect(await read('size(bytes data, int8 delta) pure returns (int256)', ['0x010203', '-5'])).toEqual(['-2']);
  });

  it('says what a string that is not the form of its type should be, instead of reading "false" as true', async () => {
    expect(await refusal(PICK, ['no', '7', '9'])).toBe('Argument 1 is a bool: give true or false (or "true" or "false"), not "no".');
    expect(await refusal(SUM, ['1, 2'])).toMatch(/^Argument 1 is a uint256\[\]: give it as a JSON array, or as its JSON text/);
    expect(await refusal(CELLS, ['[["1", "x"]]'])).toMatch(/^The arguments do not fit cells\(uint256\[\]\[\]\)/);
  });
});
