import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import type { AddressIdOf } from '../protocol/request-state.ts';

/** Whether the hop at `address` (`hop` steps from the socket) is a trusted proxy: proxy-addr's compiled list. */
export type TrustedProxies = (address: string, hop: number) => boolean;

/**
 * `TRUST_PROXY`: the reverse proxies whose `X-Forwarded-For` names the client. Comma-separated
 * addresses, CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`; unset → none, and
 * the client is the socket's peer. Trusting every private range by default let any client behind
 * a shared private hop (the compose network) forge its address and escape its limit.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((value, context) => {
    const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    if (entries.length === 0) return undefined;
    try {
      // proxy-addr (what Express uses) names the first entry it cannot read.
      proxyAddr.compile(entries);
    } catch (error) {
      context.addIssue({ code: 'custom', message: `${(error as Error).message} (want addresses, CIDR ranges, loopback, linklocal or uniquelocal)` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * TRUST_PROXY compiled once, for the MCP endpoint's client addresses (addressIdOf) and the Express
 * routes' `trust proxy` setting alike (the page names the gateway by the forwarded host and scheme).
 */
export function trustedProxies(entries: readonly string[] | undefined): TrustedProxies | undefined {
  return entries && entries.length > 0 ? proxyAddr.compile([...entries]) : undefined;
}

const SOCKET_ADDRESS_ID = Symbol('toolgate.socketAddressId');

/**
 * The client address of a request as a counter key, `ip-<address>`. With trusted proxies
 * (TRUST_PROXY), X-Forwarded-For names the client as far as the trusted hops go (proxy-addr,
 * as Express's `request.ip`); without, it is the socket's peer, made once per connection so
 * each call hashes no new string.
 */
export function addressIdOf(trusted: TrustedProxies | undefined): AddressIdOf {
  if (!trusted) return socketAddressId;
  return (request) => `ip-${proxyAddr(request, trusted)}`;
}

function socketAddressId(request: IncomingMessage): string {
  const socket = request.socket as Socket & { [SOCKET_ADDRESS_ID]?: string };
  return (socket[SOCKET_ADDRESS_ID] ??= `ip-${socket.remoteAddress ?? 'unknown'}`);
}
