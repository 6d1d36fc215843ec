import { isPublicAddress } from '../src/upstream/public-address.ts';

describe('which addresses a token URI may lead to', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '198.18.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1', 'ff02::1', '2001:db8::1', 'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['1.1.1.1', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:1.1.1.1', '64:ff9b::101:101'])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
