import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.ts';
import { targetOf } from './nft-uri.ts';

export interface MetadataFetcherOptions {
  /** NFT_METADATA_FETCH: off, only data: URIs are read (they need no network). */
  enabled: boolean;
  /** Where ipfs:// URIs are read: the operator's choice, so it is trusted (it may be a local IPFS node). */
  ipfsGateway: string;
  timeoutMs: number;
  maxBytes: number;
  /** Name → addresses; the system resolver by default (tests map a name to a local stand-in). */
  resolveHost?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /** Which resolved addresses a token's own https URI may reach: public unicast only, by default. */
  isAllowedAddress?: (address: string) => boolean;
  /** Extra trusted CA (PEM), for a test's stand-in; none in production. */
  ca?: string;
}

export type MetadataAnswer = { metadata: Record<string, unknown>; error: null } | { metadata: null; error: string };

export interface MetadataFetcher {
  /** The JSON behind a token URI, or why it was not read. Never throws: the on-chain facts stand without it. */
  fetch(uri: string, signal?: AbortSignal): Promise<MetadataAnswer>;
}

class Refused extends Error {}

const failed = (error: string): MetadataAnswer => ({ metadata: null, error });

function parseObject(text: string): MetadataAnswer {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { metadata: value as Record<string, unknown>, error: null };
    return failed('the metadata is JSON but not an object');
  } catch {
    return failed('the metadata is not valid JSON');
  }
}

/**
 * Reads NFT metadata JSON, an SSRF path made narrow: a token's URI is anyone's to write, so its own
 * https URLs are fetched only when every address the name resolves to is public, and the
 * connection goes to an address that was checked (the lookup below is the socket's, so a second,
 * rebinding answer cannot slip in). IP literals are checked before connecting. No redirects,
 * at most `maxBytes`, at most `timeoutMs` in all.
 */
export function createMetadataFetcher(options: MetadataFetcherOptions): MetadataFetcher {
  const resolveHost = options.resolveHost ?? ((hostname: string) => dnsLookup(hostname, { all: true, verbatim: true }));
  const allowed = options.isAllowedAddress ?? isPublicAddress;

  const checkedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
        if (addresses.some((entry) => !allowed(entry.address))) return callback(new Refused(`${hostname} resolves to a private or reserved address; not fetched`), '', 0);
        if (lookupOptions.all) return (callback as unknown as (error: null, all: typeof addresses) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

  const get = (url: URL, checked: boolean, signal?: AbortSignal) =>
    new Promise<MetadataAnswer>((resolve) => {
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (checked && isIP(literal) && !allowed(literal)) return resolve(failed(`${literal} is a private or reserved address; not fetched`));
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(url, {
        headers: { accept: 'application/json' },
        ...(checked ? { lookup: checkedLookup } : {}),
        ...(options.ca ? { ca: options.ca } : {}),
      });
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
      const abort = () => request.destroy(new Error('cancelled'));
      signal?.addEventListener('abort', abort, { once: true });
      const finish = (answer: MetadataAnswer) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        resolve(answer);
      };
      request.on('error', (error) => finish(failed(error instanceof Refused ? error.message : `could not fetch it: ${error.message}`)));
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) return finish(failed(`the host answered a redirect (HTTP ${status}); not followed`)), request.destroy();
        if (status < 200 || status >= 300) return finish(failed(`the host answered HTTP ${status}`)), request.destroy();
        if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) return finish(failed(`the metadata is larger than ${options.maxBytes} bytes`)), request.destroy();
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            finish(failed(`the metadata is larger than ${options.maxBytes} bytes`));
            request.destroy();
          } else chunks.push(chunk);
        });
        response.on('end', () => finish(parseObject(Buffer.concat(chunks).toString('utf8'))));
        response.on('error', (error) => finish(failed(`could not fetch it: ${error.message}`)));
      });
      request.end();
    });

  return {
    async fetch(uri, signal) {
      const target = targetOf(uri, options.ipfsGateway);
      switch (target.kind) {
        case 'refused':
          return failed(`not fetched: ${target.reason}`);
        case 'inline':
          return target.text.length > options.maxBytes ? failed(`the metadata is larger than ${options.maxBytes} bytes`) : parseObject(target.text);
        case 'gateway':
        case 'https':
          if (!options.enabled) return failed('not fetched: this gateway does not fetch token URIs (NFT_METADATA_FETCH is off)');
          return get(target.url, target.kind === 'https', signal);
      }
    },
  };
}
