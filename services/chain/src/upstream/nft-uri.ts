/**
 * Where a token URI's JSON lives, decided without the network: `ipfs://` through the operator's
 * gateway, `https://` as is, a `data:` URI inline (on-chain metadata); anything else (http, ar,
 * file, ...) is not fetched. ERC-1155 URIs carry `{id}`: the token id as 64 lower-case hex
 * digits (EIP-1155, "Metadata").
 */
export type UriTarget = { kind: 'https'; url: URL } | { kind: 'gateway'; url: URL } | { kind: 'inline'; text: string } | { kind: 'refused'; reason: string };

export function expandErc1155Id(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}

function decodeDataUri(uri: string): UriTarget {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(uri);
  if (!match) return { kind: 'refused', reason: 'a malformed data: URI' };
  const [, type, base64, payload] = match;
  if (type && !/^application\/json\b/i.test(type) && !/^text\/plain\b/i.test(type)) return { kind: 'refused', reason: `a data: URI of type ${type.slice(0, 40)}, not JSON` };
  try {
    return { kind: 'inline', text: base64 ? Buffer.from(payload!, 'base64').toString('utf8') : decodeURIComponent(payload!) };
  } catch {
    return { kind: 'refused', reason: 'a data: URI that does not decode' };
  }
}

export function targetOf(uri: string, ipfsGateway: string): UriTarget {
  const trimmed = uri.trim();
  if (/^data:/i.test(trimmed)) return decodeDataUri(trimmed);
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?([^?#]+)$/i.exec(trimmed);
  if (ipfs) {
    const path = ipfs[1]!;
    // A CID and an optional path: nothing that could climb out of the gateway's /ipfs/ prefix.
    if (!/^[A-Za-z0-9]+(\/[^/?#]+)*\/?$/.test(path) || /(^|\/)\.\.?(\/|$)/.test(path)) return { kind: 'refused', reason: 'an ipfs:// URI that is not a CID and path' };
    return { kind: 'gateway', url: new URL(path, ipfsGateway.endsWith('/') ? ipfsGateway : `${ipfsGateway}/`) };
  }
  if (!URL.canParse(trimmed)) return { kind: 'refused', reason: 'not a URL' };
  const url = new URL(trimmed);
  if (url.protocol !== 'https:') return { kind: 'refused', reason: `${url.protocol.replace(':', '')} URLs are not fetched (https and ipfs:// only)` };
  if (url.username || url.password) return { kind: 'refused', reason: 'a URL with credentials in it' };
  return { kind: 'https', url };
}
