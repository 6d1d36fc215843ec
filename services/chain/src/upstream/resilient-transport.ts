import type { Logger, UpstreamObserver } from '@toolgate/core';
import {
  createHoldBack,
  createUpstreamClient,
  DEFAULT_MAX_HOLD_MS,
  UpstreamError,
  type BreakerOptions,
  type HoldOptions,
  type RetryOptions,
  type UpstreamClient,
} from '@toolgate/upstream';
import { z } from 'zod';
import type { HttpTransport } from './http-transport.ts';

export interface ResilientTransportOptions {
  /** Per attempt (UPSTREAM_TIMEOUT_MS). */
  timeoutMs: number;
  /** Values removed from every error and log line: the Alchemy key, paths of operator RPC URLs. */
  secrets: (string | undefined)[];
  retry?: RetryOptions;
  breaker?: BreakerOptions;
  /** How long a node that said "429, retry after …" is left alone at most, and where that is shared. */
  hold?: HoldOptions;
  logger?: Logger;
  observer?: UpstreamObserver;
}

/** The batch reply is judged by json-rpc-batch.ts, which tells a node's error from a malformed reply. */
const anyJson = z.unknown();

/**
 * The default transport: @toolgate/upstream's client (cockatiel per-attempt timeout, bounded
 * retries of retryable failures, circuit breaker) with one client, hence one breaker, per chain
 * endpoint, so one dead RPC node fails fast without touching the other chains. A JSON-RPC batch
 * of eth_getCode/eth_call is read-only, so retrying it is safe. Nothing is cached here: the
 * token service caches metadata by meaning and never caches allowances.
 */
export function createResilientTransport(options: ResilientTransportOptions): HttpTransport {
  const clients = new Map<string, UpstreamClient>();
  // One endpoint is reached under several labels (one client each): a 429 holds back all of them.
  const holds = options.hold?.holds ?? createHoldBack({
    maxHoldMs: options.hold?.maxHoldMs ?? DEFAULT_MAX_HOLD_MS, redis: options.hold?.redis, now: Date.now, logger: options.logger, observer: options.observer,
  });
  const clientFor = (key: string, name: string, baseUrl: string, retry = options.retry) => {
    let client = clients.get(key);
    if (!client) {
      client = createUpstreamClient({
        name, baseUrl, timeoutMs: options.timeoutMs, secrets: options.secrets,
        retry, breaker: options.breaker, holds, logger: options.logger, observer: options.observer,
      });
      clients.set(key, client);
    }
    return client;
  };

  return {
    postJson(url, body, { signal, label, operation }) {
      const name = label ?? 'JSON-RPC endpoint';
      return clientFor(`post ${name} ${url}`, name, url).postJson({ body, schema: anyJson, signal, operation });
    },
    async head(url, { signal }) {
      const target = new URL(url);
      // One attempt: the logo check runs beside the metadata read and must not hold it up with
      // retries; a failed check gives null, kept for minutes only (token-service.ts).
      const client = clientFor(`head ${target.origin}`, `logo host ${target.host}`, target.origin, { retries: 0 });
      try {
        return await client.head({ path: `${target.pathname}${target.search}`, signal, operation: 'logo' });
      } catch (error) {
        // A non-2xx status is an answer for the logo check (404: no logo); only no answer is a failure.
        if (error instanceof UpstreamError && error.statusCode !== undefined) return error.statusCode;
        throw error;
      }
    },
  };
}
