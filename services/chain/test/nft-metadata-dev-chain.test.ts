import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ContractFactory, getAddress, JsonRpcProvider } from 'ethers';
import { buildChainApp } from './support/chain-app.ts';
import { openZeppelin, startDevChain, type DevChain } from './support/dev-chain.ts';
import { startLocalServer, type LocalServer } from './support/local-server.ts';

const tls = (name: string) => readFileSync(new URL(`./fixtures/tls/${name}`, import.meta.url), 'utf8');
const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const metadataJson = { name: 'Toolgate #0', description: 'A test token', image: `ipfs://${CID}/0.png`, attributes: [{ trait_type: 'kind', value: 'test' }] };

/** A local HTTPS server with the test certificate (CN nft.test), counting requests. */
async function startTlsServer(handle: (path: string, response: import('node:http').ServerResponse) => void) {
  const paths: string[] = [];
  const server: Server = createHttpsServer({ key: tls('key.pem'), cert: tls('cert.pem') }, (request, response) => {
    paths.push(request.url ?? '');
    handle(request.url ?? '', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, paths, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

describe('nft_metadata on a real EVM dev chain (OpenZeppelin ERC-721 and ERC-1155)', () => {
  let chain: DevChain;
  let provider: JsonRpcProvider;
  let gateway: LocalServer;
  let origin: Awaited<ReturnType<typeof startTlsServer>>;
  const nfts: Record<string, string> = {};

  /** An ERC-721 preset whose token 0 has the URI `${base}0`. */
  async function nftWithBase(base: string) {
    const signer = await provider.getSigner(chain.accounts[0]);
    const artifact = openZeppelin('ERC721PresetMinterPauserAutoId');
    const contract = await new ContractFactory(artifact.abi, artifact.bytecode, signer).deploy('Toolgate NFT', 'TNFT', base);
    await contract.waitForDeployment();
    await (await contract.getFunction('mint')(chain.accounts[0])).wait();
    return contract.getAddress();
  }

  beforeAll(async () => {
    chain = await startDevChain();
    provider = new JsonRpcProvider(chain.url, undefined, { staticNetwork: true, batchMaxCount: 1 });
    gateway = await startLocalServer((request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadataJson));
    });
    origin = await startTlsServer((path, response) => {
      if (path === '/big/0') return void response.writeHead(200).end(`{"pad":"${'x'.repeat(300 * 1024)}"}`);
      // Never answers (the connection is cut when the test ends): only the 500 ms fetch limit can end
      // the call, and its message says so, on any machine under any load.
      if (path === '/slow/0') return;
      if (path === '/moved/0') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadataJson));
    });
    nfts.ipfs = await nftWithBase(`ipfs://${CID}/`);
    nfts.https = await nftWithBase(`https://nft.test:${origin.port}/meta/`);
    nfts.big = await nftWithBase(`https://nft.test:${origin.port}/big/`);
    nfts.slow = await nftWithBase(`https://nft.test:${origin.port}/slow/`);
    nfts.moved = await nftWithBase(`https://nft.test:${origin.port}/moved/`);
    nfts.private = await nftWithBase(`https://private.test:${origin.port}/meta/`);
    nfts.literal = await nftWithBase(`https://127.0.0.1:${origin.port}/meta/`);
    nfts.metadataService = await nftWithBase('https://169.254.169.254/latest/meta-data/');
    nfts.plainHttp = await nftWithBase(`http://nft.test:${origin.port}/meta/`);
    const signer = await provider.getSigner(chain.accounts[0]);
    const erc1155 = openZeppelin('ERC1155PresetMinterPauser');
    const onChain = await new ContractFactory(erc1155.abi, erc1155.bytecode, signer).deploy('data:application/json,{"name":"On-chain {id}"}');
    await onChain.waitForDeployment();
    nfts.dataUri = await onChain.getAddress();
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await gateway?.close();
    await origin?.close();
    await chain?.close();
  });

  // nft.test and private.test both resolve to the stand-in on 127.0.0.1; only the first is let through, as if it were public.
  const resolveHost = async (hostname: string) => (['nft.test', 'private.test'].includes(hostname) ? [{ address: '127.0.0.1', family: 4 }] : []);
  // Limits no loaded machine reaches, so an answer is never mistaken for a timeout; the one test
  // of the fetch limit sets it short against an origin that never answers.
  const fetching = (allowStandIn: boolean, fetchTimeoutMs = 30_000) =>
    buildChainApp(
      { CHAIN_RPC_URLS: JSON.stringify({ devchain: chain.url }), NFT_METADATA_FETCH: 'true', NFT_METADATA_IPFS_GATEWAY: `${gateway.url}/ipfs/`, UPSTREAM_TIMEOUT_MS: '30000' },
      { metadataFetch: { timeoutMs: fetchTimeoutMs, resolveHost, ca: tls('cert.pem'), ...(allowStandIn ? { isAllowedAddress: (address: string) => address === '127.0.0.1' } : {}) } },
    );

  describe('fetching off (the default)', () => {
    let harness: ReturnType<typeof buildChainApp>;
    beforeAll(() => {
      harness = buildChainApp({ CHAIN_RPC_URLS: JSON.stringify({ devchain: chain.url }) });
    });

    it('reads an ERC-721 token: owner, URI and collection, and says the JSON was not fetched', async () => {
      const result = await harness.call('nft_metadata', { chain: 'devchain', contract: chain.nft, token_id: '0' });
      expect(result.structuredContent).toEqual({
        chain: 'devchain', contract: getAddress(chain.nft), tokenId: '0', standard: 'ERC-721', name: 'Toolgate NFT', symbol: 'TNFT',
        owner: getAddress(chain.accounts[0]!), tokenUri: 'https://example.invalid/0', metadata: null,
        metadataError: 'not fetched: this gateway does not fetch token URIs (NFT_METADATA_FETCH is off)',
      });
      expect(gateway.requests).toHaveLength(0);
    });

    it('tells an ERC-1155 token by ERC-165, with its {id} URI filled in and no owner', async () => {
      const result = await harness.call('nft_metadata', { chain: 'devchain', contract: chain.erc1155, token_id: 1 });
      expect(result.structuredContent).toMatchObject({ standard: 'ERC-1155', owner: null, tokenUri: `https://nft.example/api/${'0'.repeat(63)}1.json`, metadata: null });
    });

    it('decodes a data: URI without any network', async () => {
      const result = await harness.call('nft_metadata', { chain: 'devchain', contract: nfts.dataUri, token_id: '0x2a' });
      expect(result.structuredContent).toMatchObject({ tokenId: '42', standard: 'ERC-1155', metadata: { name: `On-chain ${'0'.repeat(62)}2a` }, metadataError: null });
    });

    it('says so for a token never minted, a contract that is not an NFT, and an address without code', async () => {
      const missing = await harness.call('nft_metadata', { chain: 'devchain', contract: chain.nft, token_id: '77' });
      expect(harness.text(missing)).toBe(`Token 77 does not exist in the ERC-721 contract ${getAddress(chain.nft)} on devchain (ownerOf reverted: never minted, or burned).`);
      const token = await harness.call('nft_metadata', { chain: 'devchain', contract: chain.erc20, token_id: '0' });
      expect(harness.text(token)).toMatch(/is not an NFT contract: supportsInterface \(ERC-165\) claims neither ERC-721/);
      const eoa = await harness.call('nft_metadata', { chain: 'devchain', contract: chain.eoa, token_id: '0' });
      expect(harness.text(eoa)).toMatch(/^No contract at/);
      const bad = await harness.call('nft_metadata', { chain: 'devchain', contract: chain.nft, token_id: '-1' });
      expect(bad.isError).toBe(true);
    });
  });

  describe('fetching on (NFT_METADATA_FETCH=true)', () => {
    it('reads ipfs:// through the configured gateway', async () => {
      const result = await fetching(false).call('nft_metadata', { chain: 'devchain', contract: nfts.ipfs, token_id: '0' });
      expect(result.structuredContent).toMatchObject({ tokenUri: `ipfs://${CID}/0`, metadata: metadataJson, metadataError: null });
      expect(gateway.requests.at(-1)!.path).toBe(`/ipfs/${CID}/0`);
    });

    it('reads a token\'s https URI when its host resolves to an allowed address', async () => {
      const result = await fetching(true).call('nft_metadata', { chain: 'devchain', contract: nfts.https, token_id: '0' });
      expect(result.structuredContent).toMatchObject({ metadata: metadataJson, metadataError: null });
      expect(origin.paths).toContain('/meta/0');
    });

    it('never connects to a private or loopback address: by name, as a literal, or the cloud metadata address', async () => {
      const harness = fetching(false);
      const before = origin.paths.length;
      const byName = await harness.call('nft_metadata', { chain: 'devchain', contract: nfts.private, token_id: '0' });
      expect(byName.structuredContent).toMatchObject({ metadata: null, metadataError: 'private.test resolves to a private or reserved address; not fetched' });
      const literal = await harness.call('nft_metadata', { chain: 'devchain', contract: nfts.literal, token_id: '0' });
      expect(literal.structuredContent).toMatchObject({ metadata: null, metadataError: '127.0.0.1 is a private or reserved address; not fetched' });
      const cloud = await harness.call('nft_metadata', { chain: 'devchain', contract: nfts.metadataService, token_id: '0' });
      expect(cloud.structuredContent).toMatchObject({ metadata: null, metadataError: '169.254.169.254 is a private or reserved address; not fetched' });
      expect(origin.paths.length).toBe(before);
    });

    it('refuses plain http, bounds size and time, and follows no redirect', async () => {
      const harness = fetching(true);
      const plain = await harness.call('nft_metadata', { chain: 'devchain', contract: nfts.plainHttp, token_id: '0' });
      expect(plain.structuredContent).toMatchObject({ metadataError: 'not fetched: http URLs are not fetched (https and ipfs:// only)' });
      const big = await harness.call('nft_metadata', { chain: 'devchain', contract: nfts.big, token_id: '0' });
      expect(big.structuredContent).toMatchObject({ metadata: null, metadataError: 'the metadata is larger than 262144 bytes' });
      const slow = await fetching(true, 500).call('nft_metadata', { chain: 'devchain', contract: nfts.slow, token_id: '0' });
      expect(slow.structuredContent).toMatchObject({ metadata: null, metadataError: 'could not fetch it: no answer within 500 ms' });
      const moved = await harness.call('nft_metadata', { chain: 'devchain', contract: nfts.moved, token_id: '0' });
      expect(moved.structuredContent).toMatchObject({ metadata: null, metadataError: 'the host answered a redirect (HTTP 302); not followed' });
    });
  });
});
