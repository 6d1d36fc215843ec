import { ToolError } from '@toolgate/core';
import { AbiCoder, dataSlice, FunctionFragment, getAddress, Interface, type ParamType, type Result } from 'ethers';
import { fromStringForm } from './string-form.ts';

/**
 * read_contract's ABI work, with ethers v6: a human-readable signature parsed into a fragment,
 * arguments encoded, return data decoded into JSON (integers as decimal strings), and revert
 * data read as a reason. Pure: the network is the caller's.
 */

const coder = AbiCoder.defaultAbiCoder();
/** Error(string) and Panic(uint256): the two errors Solidity itself raises (Solidity docs, "Error handling"). */
const ERROR_STRING = '0x08c379a0';
const PANIC = '0x4e487b71';
const PANIC_REASONS: Record<number, string> = {
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division or modulo by zero',
  0x21: 'invalid enum value',
  0x22: 'corrupt storage byte array',
  0x31: 'pop on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to an uninitialised function',
};

const shortMessage = (error: unknown) => (error as { shortMessage?: string }).shortMessage ?? (error instanceof Error ? error.message : String(error));

/**
 * Parses `balanceOf(address owner) view returns (uint256)` (with or without the leading
 * `function`). Only reads are accepted: the pack only ever sends eth_call, so nothing could be
 * written anyway, but a signature that says payable or nonpayable names a function meant to
 * write, and its "result" would be a simulation the caller may take for a fact.
 */
export function parseSignature(text: string): FunctionFragment {
  const source = text.trim().replace(/^function\s+/, '');
  // ethers reads "payable" but not Solidity's implicit "nonpayable": the keyword is checked here, after parsing without it.
  const writes = /\b(payable|nonpayable)\b/.exec(source)?.[1];
  let fragment: FunctionFragment;
  try {
    fragment = FunctionFragment.from(`function ${source.replace(/\bnonpayable\b/, '')}`);
  } catch (error) {
    throw new ToolError(`function is not a valid signature (${shortMessage(error)}). Write it as Solidity declares it, e.g. "balanceOf(address) returns (uint256)" or "name() view returns (string)".`);
  }
  if (writes) {
    throw new ToolError(`read_contract calls view and pure functions only: ${fragment.format('sighash')} is declared ${writes}, so it writes state. Nothing was sent.`);
  }
  return fragment;
}

export function encodeCall(fragment: FunctionFragment, args: unknown[]): string {
  if (args.length !== fragment.inputs.length) {
    throw new ToolError(`${fragment.format('sighash')} takes ${fragment.inputs.length} argument(s); ${args.length} given.`);
  }
  const values = args.map((value, index) => fromStringForm(fragment.inputs[index]!, value, String(index + 1)));
  try {
    return new Interface([fragment]).encodeFunctionData(fragment, values);
  } catch (error) {
    throw new ToolError(`The arguments do not fit ${fragment.format('sighash')}: ${shortMessage(error)}. Integers go as decimal strings or numbers, addresses and bytes as 0x hex, bool as true or false, arrays and tuples as JSON arrays (or their JSON text).`);
  }
}

/** A decoded ABI value as JSON: integers as decimal strings, addresses checksummed, bytes as 0x hex, tuples as objects when every field is named. */
export function toJson(type: ParamType, value: unknown): unknown {
  if (type.isArray()) return (value as unknown[]).map((item) => toJson(type.arrayChildren!, item));
  if (type.isTuple()) {
    const fields = type.components!;
    const items = [...(value as Result)];
    if (fields.every((field) => field.name)) return Object.fromEntries(fields.map((field, index) => [field.name, toJson(field, items[index])]));
    return fields.map((field, index) => toJson(field, items[index]));
  }
  if (typeof value === 'bigint') return value.toString();
  if (type.baseType === 'address') return getAddress(String(value));
  return value;
}

export interface DecodedOutput {
  name: string | null;
  type: string;
  value: unknown;
}

export function decodeResult(fragment: FunctionFragment, data: string): DecodedOutput[] {
  let decoded: Result;
  try {
    decoded = coder.decode(fragment.outputs, data);
  } catch (error) {
    throw new ToolError(`The contract's answer does not decode as ${fragment.outputs.map((output) => output.format()).join(', ')}: ${shortMessage(error)}. Check the returns (...) part of the signature.`);
  }
  return fragment.outputs.map((output, index) => ({ name: output.name || null, type: output.format(), value: toJson(output, decoded[index]) }));
}

/** What a revert says: Error(string)'s reason, a Panic's meaning, or a custom error's selector. */
export function describeRevert(data: string | undefined): string {
  if (!data || data === '0x') return 'reverted without a reason';
  const selector = dataSlice(data, 0, 4);
  try {
    if (selector === ERROR_STRING) return `reverted: ${String(coder.decode(['string'], dataSlice(data, 4))[0])}`;
    if (selector === PANIC) {
      const code = Number(coder.decode(['uint256'], dataSlice(data, 4))[0]);
      return `reverted with panic 0x${code.toString(16).padStart(2, '0')} (${PANIC_REASONS[code] ?? 'unknown panic code'})`;
    }
  } catch {
    // Malformed: described by its selector below.
  }
  return `reverted with custom error ${selector} (data ${data.length > 202 ? `${data.slice(0, 202)}…` : data})`;
}
