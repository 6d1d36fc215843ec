import { AbiCoder, encodeBytes32String, toBeHex } from 'ethers';
import { decodeUint256, decodeDecimals, decodeTokenText } from '../src/upstream/erc20.ts';

const coder = AbiCoder.defaultAbiCoder();

describe('ERC-20 return data', () => {
  it('reads an ABI string and a bytes32 name alike', () => {
    expect(decodeTokenText(coder.encode(['string'], ['Wrapped Ether']))).toBe('Wrapped Ether');
    expect(decodeTokenText(encodeBytes32String('Maker'))).toBe('Maker');
    expect(decodeTokenText(coder.encode(['string'], ['USD\0\0']))).toBe('USD');
  });

  it('reads a bytes32 that fills all 32 bytes', () => {
    const full = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    expect(decodeTokenText(`0x${Buffer.from(full).toString('hex')}`)).toBe(full);
  });

  it('gives undefined for empty, odd or non-hex data', () => {
    expect(decodeTokenText('0x')).toBeUndefined();
    expect(decodeTokenText('0x1234')).toBeUndefined();
    expect(decodeTokenText(42)).toBeUndefined();
    expect(decodeTokenText(`0x${'ff'.repeat(32)}`)).toBeUndefined();
  });

  it('reads decimals declared as uint8 or uint256, and refuses values over 255', () => {
    expect(decodeDecimals(toBeHex(6, 32))).toBe(6);
    expect(decodeDecimals(toBeHex(256, 32))).toBeUndefined();
    expect(decodeDecimals('0x')).toBeUndefined();
  });

  it('reads an allowance up to 2^256-1', () => {
    const max = 2n ** 256n - 1n;
    expect(decodeUint256(toBeHex(max, 32))).toBe(max);
    expect(decodeUint256(toBeHex(0, 32))).toBe(0n);
    expect(decodeUint256('0x01')).toBeUndefined();
  });
});
