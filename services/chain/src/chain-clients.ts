import type { SupportedChain } from './chain-registry.ts';
import { createAlchemyTokenSource } from './upstream/alchemy-token-source.ts';
import type { HttpTransport } from './upstream/http-transport.ts';
import { createJsonRpc, type JsonRpc } from './upstream/json-rpc.ts';
import { createRpcTokenSource } from './upstream/rpc-token-source.ts';
import type { TokenSource } from './upstream/token-source.ts';

/** One chain's upstream: its JSON-RPC endpoint, the label errors name it by, and its ERC-20 reads. */
export interface ChainClient {
  rpc: JsonRpc;
  /** "eth-mainnet JSON-RPC" or "eth-mainnet Alchemy": never the URL, which may hold a key. */
  label: string;
  tokens: TokenSource;
  alchemy: boolean;
}

/** Builds each chain's client once, on first use. */
export function createChainClients(options: { transport: HttpTransport; redact: (text: string) => string }): (chain: SupportedChain) => ChainClient {
  const clients = new Map<string, ChainClient>();
  return (chain) => {
    let client = clients.get(chain.slug);
    if (!client) {
      const alchemy = chain.endpoint.kind === 'alchemy';
      const label = `${chain.slug} ${alchemy ? 'Alchemy' : 'JSON-RPC'}`;
      const rpc = createJsonRpc({ transport: options.transport, url: chain.endpoint.url, label, redact: options.redact });
      const standard = createRpcTokenSource({ rpc, label, chain: chain.slug });
      const tokens = alchemy ? createAlchemyTokenSource({ rpc, label, standard }) : standard;
      client = { rpc, label, tokens, alchemy };
      clients.set(chain.slug, client);
    }
    return client;
  };
}
