import { ContractFactory, getAddress, JsonRpcProvider, parseEther } from 'ethers';
import { buildChainApp } from './support/chain-app.ts';
import { openZeppelin, startDevChain, type DevChain } from './support/dev-chain.ts';
import { startCountingProxy, type LocalServer } from './support/local-server.ts';

/** chain_info, block, transaction and read_contract against a real ganache chain with real OpenZeppelin contracts. */
describe('keyless chain reads on a real EVM dev chain', () => {
  let chain: DevChain;
  let proxy: LocalServer;
  let provider: JsonRpcProvider;
  let harness: ReturnType<typeof buildChainApp>;
  const sent = { transfer: '', creation: '', reverted: '', created: '' };

  beforeAll(async () => {
    chain = await startDevChain();
    proxy = await startCountingProxy(chain.url);
    provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true, batchMaxCount: 1 });
    const signer = await provider.getSigner(chain.accounts[0]);
    sent.transfer = (await signer.sendTransaction({ to: chain.accounts[4], value: parseEther('1.5') })).hash;
    const forwarder = openZeppelin('MinimalForwarder');
    const deployed = await new ContractFactory(forwarder.abi, forwarder.bytecode, signer).deploy();
    sent.creation = deployed.deploymentTransaction()!.hash;
    sent.created = await deployed.getAddress();
    // transferFrom without an allowance: mined, and reverted (the gas limit is given, so nothing estimates it first).
    const erc20 = openZeppelin('ERC20PresetFixedSupply');
    const token = new ContractFactory(erc20.abi, erc20.bytecode, signer).attach(chain.erc20);
    const data = token.interface.encodeFunctionData('transferFrom', [chain.accounts[1], chain.accounts[0], 1n]);
    sent.reverted = (await signer.sendTransaction({ to: chain.erc20, data, gasLimit: 200_000n })).hash;
    harness = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ devchain: proxy.url }) });
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await proxy?.close();
    await chain?.close();
  });

  const call = (name: string, args: Record<string, unknown>) => harness.call(name, { chain: 'devchain', ...args });

  describe('chain_info', () => {
    it('reports the chain id, the latest block and the fees, in one request', async () => {
      const latest = await provider.getBlock('latest');
      const before = proxy.requests.length;
      const result = await call('chain_info', {});
      expect(proxy.requests.length - before).toBe(1);
      expect(result.isError).toBeUndefined();
      const info = result.structuredContent as Record<string, any>;
      expect(info).toMatchObject({ chain: 'devchain', name: 'devchain', chainId: 1337, nativeSymbol: null });
      expect(info.latestBlock).toEqual({ number: latest!.number, hash: latest!.hash, timestamp: latest!.timestamp, time: new Date(latest!.timestamp * 1000).toISOString() });
      const gasPrice = BigInt(await provider.send('eth_gasPrice', []));
      expect(info.gasPrice).toEqual({ wei: gasPrice.toString(), gwei: expect.any(String) });
      expect(info.baseFeePerGas.wei).toBe(latest!.baseFeePerGas!.toString());
    });
  });

  describe('block', () => {
    it('reads a block by number, by hash and as latest, with its transaction count', async () => {
      const receipt = await provider.getTransactionReceipt(sent.transfer);
      const expected = await provider.getBlock(receipt!.blockNumber);
      const byNumber = await call('block', { block: receipt!.blockNumber });
      expect(byNumber.structuredContent).toMatchObject({
        chain: 'devchain',
        number: expected!.number,
        hash: expected!.hash,
        parentHash: expected!.parentHash,
        timestamp: expected!.timestamp,
        gasUsed: expected!.gasUsed.toString(),
        gasLimit: expected!.gasLimit.toString(),
        transactionCount: 1,
      });
      const byHash = await call('block', { block: expected!.hash });
      expect(byHash.structuredContent).toEqual(byNumber.structuredContent);
      const asText = await call('block', { block: String(receipt!.blockNumber) });
      expect(asText.structuredContent).toEqual(byNumber.structuredContent);
      const latest = await call('block', {});
      expect((latest.structuredContent as { number: number }).number).toBe(Number(await provider.send('eth_blockNumber', [])));
    });

    it('caches a block read by hash, and never one read as latest', async () => {
      const block = await provider.getBlock(1);
      const before = proxy.requests.length;
      await call('block', { block: block!.hash });
      await call('block', { block: block!.hash });
      expect(proxy.requests.length - before).toBe(1);
      await call('block', { block: 'latest' });
      await call('block', { block: 'latest' });
      expect(proxy.requests.length - before).toBe(3);
    });

    it('says plainly when the chain has no such block, and refuses a malformed selector', async () => {
      const missing = await call('block', { block: 99_999_999 });
      expect(missing.isError).toBe(true);
      expect(harness.text(missing)).toBe('No block number 99999999 on devchain: the node does not have it (not yet produced, or a hash from another chain).');
      const malformed = await call('block', { block: 'yesterday' });
      expect(malformed.isError).toBe(true);
      expect(harness.text(malformed)).toMatch(/block must be a block number/);
    });
  });

  describe('transaction', () => {
    it('returns a transfer with its receipt', async () => {
      const result = await call('transaction', { hash: sent.transfer });
      const receipt = await provider.getTransactionReceipt(sent.transfer);
      expect(result.structuredContent).toMatchObject({
        chain: 'devchain',
        hash: sent.transfer,
        status: 'success',
        blockNumber: receipt!.blockNumber,
        from: getAddress(chain.accounts[0]!),
        to: getAddress(chain.accounts[4]!),
        value: parseEther('1.5').toString(),
        valueEther: '1.5',
        gasUsed: '21000',
        contractCreated: null,
        logCount: 0,
      });
    });

    it('names the contract a deployment created', async () => {
      const creation = await call('transaction', { hash: sent.creation });
      expect(creation.structuredContent).toMatchObject({ status: 'success', to: null, contractCreated: getAddress(sent.created) });
    });

    it('says reverted for a mined transaction that failed', async () => {
      const result = await call('transaction', { hash: sent.reverted });
      expect(result.structuredContent).toMatchObject({ status: 'reverted', to: getAddress(chain.erc20), logCount: 0 });
    });

    it('says pending for a transaction not yet in a block, and does not cache it', async () => {
      await provider.send('miner_stop', []);
      try {
        const signer = await provider.getSigner(chain.accounts[6]);
        const hash = await provider.send('eth_sendTransaction', [{ from: chain.accounts[6], to: chain.accounts[4], value: '0x1' }]);
        const pending = await call('transaction', { hash });
        expect(pending.structuredContent).toMatchObject({ status: 'pending', blockNumber: null, gasUsed: null, logCount: null, value: '1' });
        await provider.send('miner_start', []);
        await provider.send('evm_mine', []);
        await signer.provider.waitForTransaction(hash, 1, 10_000);
        const mined = await call('transaction', { hash });
        expect(mined.structuredContent).toMatchObject({ status: 'success', gasUsed: '21000' });
      } finally {
        await provider.send('miner_start', []);
      }
    });

    it('says plainly when the node does not know the hash', async () => {
      const unknown = `0x${'ab'.repeat(32)}`;
      const result = await call('transaction', { hash: unknown });
      expect(result.isError).toBe(true);
      expect(harness.text(result)).toBe(`Unknown transaction ${unknown} on devchain: the node has no such transaction (never sent, dropped from the mempool, or sent on another chain).`);
    });
  });

  describe('read_contract', () => {
    it('decodes an ERC-20 read: integers as decimal strings, strings as text', async () => {
      const balance = await call('read_contract', { contract: chain.erc20, function: 'balanceOf(address owner) returns (uint256)', args: [chain.accounts[1]] });
      expect(balance.isError).toBeUndefined();
      expect(balance.structuredContent).toEqual({
        chain: 'devchain',
        contract: getAddress(chain.erc20),
        function: 'function balanceOf(address owner) returns (uint256)',
        result: [{ name: null, type: 'uint256', value: chain.sent.toString() }],
      });
      const name = await call('read_contract', { contract: chain.erc20, function: 'function name() view returns (string)' });
      expect((name.structuredContent as any).result).toEqual([{ name: null, type: 'string', value: 'Toolgate Token' }]);
      const allowance = await call('read_contract', { contract: chain.erc20, function: 'allowance(address,address) view returns (uint256 remaining)', args: [chain.accounts[0], chain.accounts[2]] });
      expect((allowance.structuredContent as any).result).toEqual([{ name: 'remaining', type: 'uint256', value: chain.approved.toString() }]);
    });

    it('decodes addresses checksummed and bools as booleans', async () => {
      const owner = await call('read_contract', { contract: chain.nft, function: 'ownerOf(uint256) view returns (address)', args: ['0'] });
      expect((owner.structuredContent as any).result).toEqual([{ name: null, type: 'address', value: getAddress(chain.accounts[0]!) }]);
      const role = await call('read_contract', {
        contract: chain.nft,
        function: 'supportsInterface(bytes4) view returns (bool)',
        args: ['0x80ac58cd'],
      });
      expect((role.structuredContent as any).result).toEqual([{ name: null, type: 'bool', value: true }]);
    });

    it('gives a revert as an error with its reason', async () => {
      const result = await call('read_contract', { contract: chain.nft, function: 'ownerOf(uint256) view returns (address)', args: ['999'] });
      expect(result.isError).toBe(true);
      expect(harness.text(result)).toBe(`ownerOf(uint256) on ${getAddress(chain.nft)} reverted: ERC721: invalid token ID`);
    });

    it('refuses functions declared to write, before anything is sent', async () => {
      const before = proxy.requests.length;
      const result = await call('read_contract', { contract: chain.erc20, function: 'transfer(address,uint256) nonpayable returns (bool)', args: [chain.accounts[1], '1'] });
      expect(result.isError).toBe(true);
      expect(harness.text(result)).toMatch(/view and pure functions only: transfer\(address,uint256\) is declared nonpayable/);
      expect(proxy.requests.length).toBe(before);
    });

    it('explains a bad signature, wrong arguments, no contract and no such function', async () => {
      const badSignature = await call('read_contract', { contract: chain.erc20, function: 'balanceOf(adress) returns (uint256)', args: ['0x0'] });
      expect(harness.text(badSignature)).toMatch(/^function is not a valid signature/);
      const wrongCount = await call('read_contract', { contract: chain.erc20, function: 'balanceOf(address) returns (uint256)', args: [] });
      expect(harness.text(wrongCount)).toBe('balanceOf(address) takes 1 argument(s); 0 given.');
      const wrongType = await call('read_contract', { contract: chain.erc20, function: 'balanceOf(address) returns (uint256)', args: ['not an address'] });
      expect(harness.text(wrongType)).toMatch(/^The arguments do not fit balanceOf\(address\)/);
      const eoa = await call('read_contract', { contract: chain.eoa, function: 'name() returns (string)' });
      expect(harness.text(eoa)).toMatch(/^No contract at/);
      const missing = await call('read_contract', { contract: chain.erc20, function: 'tokenURI(uint256) view returns (string)', args: ['1'] });
      expect(missing.isError).toBe(true);
      expect(harness.text(missing)).toMatch(/^tokenURI\(uint256\) on 0x[0-9a-fA-F]{40} reverted without a reason$/);
    });
  });
});
