import { AbiCoder, Interface, dataLength, getBytes, isHexString, toUtf8String } from 'ethers';

/**
 * ERC-20 calls encoded with ethers' ABI coder. `name()` and `symbol()` return `string`
 * in the standard; some early tokens (MKR, SAI) return `bytes32` instead, so both are read.
 */
const erc20 = new Interface([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
]);
const coder = AbiCoder.defaultAbiCoder();

export const encodeName = () => erc20.encodeFunctionData('name');
export const encodeSymbol = () => erc20.encodeFunctionData('symbol');
export const encodeDecimals = () => erc20.encodeFunctionData('decimals');
export const encodeAllowance = (owner: string, spender: string) => erc20.encodeFunctionData('allowance', [owner, spender]);
export const encodeBalanceOf = (owner: string) => erc20.encodeFunctionData('balanceOf', [owner]);

function asReturnData(value: unknown): string | undefined {
  return typeof value === 'string' && isHexString(value) ? value : undefined;
}

/** A `string` or `bytes32` return value as text; undefined when it is neither. */
export function decodeTokenText(value: unknown): string | undefined {
  const data = asReturnData(value);
  if (data === undefined || data === '0x') return undefined;
  if (dataLength(data) === 32) {
    const bytes = getBytes(data);
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end -= 1;
    try {
      return toUtf8String(bytes.subarray(0, end));
    } catch {
      return undefined;
    }
  }
  try {
    const [text] = coder.decode(['string'], data);
    // Some tokens pad their string with NULs.
    return String(text).replace(/\0+$/, '');
  } catch {
    return undefined;
  }
}

/** `decimals()` as a number 0–255 (some tokens declare uint256: the 32-byte word is read whole). */
export function decodeDecimals(value: unknown): number | undefined {
  const data = asReturnData(value);
  if (data === undefined || dataLength(data) < 32) return undefined;
  try {
    const [decimals] = coder.decode(['uint256'], data);
    return BigInt(decimals) <= 255n ? Number(decimals) : undefined;
  } catch {
    return undefined;
  }
}

/** A uint256 return value (`allowance`, `balanceOf`) as a bigint; undefined when the reply is not one uint256. */
export function decodeUint256(value: unknown): bigint | undefined {
  const data = asReturnData(value);
  if (data === undefined || dataLength(data) < 32) return undefined;
  try {
    const [allowance] = coder.decode(['uint256'], data);
    return BigInt(allowance);
  } catch {
    return undefined;
  }
}
