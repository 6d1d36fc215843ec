import { AbiCoder, getAddress, id } from 'ethers';
import { decodeResult, describeRevert, encodeCall, parseSignature } from '../src/upstream/contract-call.ts';

const coder = AbiCoder.defaultAbiCoder();
const someone = '0x00000000000000000000000000000000000000aa';

describe('read_contract ABI handling (pure)', () => {
  it('decodes several outputs: tuples with named fields as objects, arrays as arrays, integers as decimal strings', () => {
    const fragment = parseSignature('position(uint256) view returns ((address owner, uint128 amount) info, uint256[] ids, bytes32 tag, int8 delta)');
    const data = coder.encode(['(address,uint128)', 'uint256[]', 'bytes32', 'int8'], [[someone, 2n ** 100n], [1n, 2n ** 70n], id('x'), -3]);
    expect(decodeResult(fragment, data)).toEqual([
      { name: 'info', type: '(address,uint128)', value: { owner: getAddress(someone), amount: (2n ** 100n).toString() } },
      { name: 'ids', type: 'uint256[]', value: ['1', (2n ** 70n).toString()] },
      { name: 'tag', type: 'bytes32', value: id('x') },
      { name: 'delta', type: 'int8', value: '-3' },
    ]);
  });

  it('keeps an unnamed tuple as an array', () => {
    const fragment = parseSignature('pair() pure returns ((uint256, bool))');
    expect(decodeResult(fragment, coder.encode(['(uint256,bool)'], [[5n, true]]))[0]!.value).toEqual(['5', true]);
  });

  it('encodes arguments given as JSON: decimal strings, numbers, hex, arrays', () => {
    const fragment = parseSignature('f(uint256 a, address b, uint8[] c) view returns (uint256)');
    const data = encodeCall(fragment, ['340282366920938463463374607431768211456', someone, [1, 2]]);
    expect(coder.decode(['uint256', 'address', 'uint8[]'], `0x${data.slice(10)}`).toArray(true)).toEqual([2n ** 128n, getAddress(someone), [1n, 2n]]);
  });

  it('reads a revert: Error(string), Panic(uint256), a custom error, or nothing', () => {
    const errorString = `0x08c379a0${coder.encode(['string'], ['Ownable: caller is not the owner']).slice(2)}`;
    expect(describeRevert(errorString)).toBe('reverted: Ownable: caller is not the owner');
    const panic = `0x4e487b71${coder.encode(['uint256'], [0x11]).slice(2)}`;
    expect(describeRevert(panic)).toBe('reverted with panic 0x11 (arithmetic overflow or underflow)');
    expect(describeRevert('0xe450d38c')).toBe('reverted with custom error 0xe450d38c (data 0xe450d38c)');
    expect(describeRevert('0x')).toBe('reverted without a reason');
  });

  it('refuses payable functions as well as nonpayable ones', () => {
    expect(() => parseSignature('deposit() payable')).toThrow(/is declared payable/);
    expect(() => parseSignature('approve(address,uint256) nonpayable returns (bool)')).toThrow(/is declared nonpayable/);
  });
});
