import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from 'proxy-addr';
import type { AddressIdOf } from '../protocol/request-state.ts';

const SOCKET_ADDRESS_ID = Symbol('toolgate.socketAddressId');

/**
 * The client address of a request as a counter key, `ip-<address>`. With trusted proxies
 * (TRUST_PROXY), X-Forwarded-For names the client as far as the trusted hops go (proxy-addr,
 * as Express's `request.ip`); without, it is the socket's peer, made once per connection so
 * each call hashes no new string.
 */
export function addressIdOf(trustProxy: readonly string[] | undefined): AddressIdOf {
  if (!trustProxy || trustProxy.length === 0) return socketAddressId;
  const trusted = proxyAddr.compile([...trustProxy]);
  return (request) => `ip-${proxyAddr(request, trusted)}`;
}

function socketAddressId(request: IncomingMessage): string {
  const socket = request.socket as Socket & { [SOCKET_ADDRESS_ID]?: string };
  return (socket[SOCKET_ADDRESS_ID] ??= `ip-${socket.remoteAddress ?? 'unknown'}`);
}
