import { BlockList, isIP } from 'node:net';

/**
 * Addresses a fetch driven by on-chain data (an NFT's token URI: anyone can write one) must never
 * reach: loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * multicast, documentation and other special-purpose ranges (IANA special-purpose registries,
 * RFC 6890), in IPv4 and IPv6, IPv4-mapped IPv6 included (BlockList checks the mapped address).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

/** NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits: that address decides. */
function embeddedNat64(address: string): string | undefined {
  const match = /^64:ff9b::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (match) {
    const high = Number.parseInt(match[1]!, 16);
    const low = Number.parseInt(match[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  const dotted = /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return dotted?.[1];
}

/** Whether an IP address is a public unicast address: the only kind a token URI may lead to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, 'ipv4');
  const nat64 = embeddedNat64(address);
  if (nat64) return isPublicAddress(nat64);
  return !blocked.check(address, 'ipv6');
}
