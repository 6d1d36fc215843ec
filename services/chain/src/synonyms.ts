/** Tool search's words for this pack (Pack.synonyms): how people speak of wallets, coins and transactions. */
export const chainSynonyms = [
  ['address', 'wallet', 'account'],
  ['native coin', 'ether', 'ethereum', 'matic'],
  ['token balances', 'coins', 'holdings', 'portfolio'],
  ['transaction', 'tx', 'txn', 'went through', 'confirmed'],
  ['nft', 'nfts', 'collectible', 'collectibles', 'bored ape', 'erc-721'],
  ['allowance', 'approval', 'approved', 'spend', 'spender'],
  ['symbol', 'ticker'],
  ['prices', 'price', 'worth', 'value', 'usd', 'dollars', 'cost'],
  ['transfers', 'payments', 'transaction history', 'activity'],
  ['block', 'block height', 'block number'],
  ['read contract', 'view function', 'getter', 'eth_call', 'smart contract call'],
  ['gas price', 'gas', 'fees', 'base fee'],
] as const satisfies readonly (readonly string[])[];
