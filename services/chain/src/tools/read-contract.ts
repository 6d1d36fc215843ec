import { defineTool, ToolError } from '@toolgate/core';
import { z } from 'zod';
import { addressOrNameSchema } from '../address.ts';
import { decodeResult, describeRevert, encodeCall, parseSignature } from '../upstream/contract-call.ts';
import { isContractRefusal, nodeFailure } from '../upstream/json-rpc.ts';
import { ethCall, getCode } from '../upstream/rpc-token-source.ts';
import { hasCode, noContract } from '../upstream/token-source.ts';
import type { ChainToolDeps } from './deps.ts';
import { chainSelector, withUpstreamErrors } from './upstream-failure.ts';

const MAX_REASON = 500;

/**
 * One argument, published as a string: the one typed form every LLM host passes on unchanged
 * (OpenAI strict mode refuses an untyped value, LangChain drops `anyOf`, Gemini through LangChain
 * refuses a type array; docs/protocol.md). The tool still takes every form it took before
 * (numbers, true/false, JSON arrays, nested), and reads strings by the signature's types
 * (upstream/string-form.ts). Its size is the request body's.
 */
const argument = z.unknown().meta({
  type: 'string',
  description: 'One argument: an integer as a decimal string, an address or bytes as 0x hex, a bool as "true" or "false", an array or a tuple as JSON text',
});

export const readContractOutput = z.object({
  chain: z.string().describe('The chain read (its slug)'),
  contract: z.string().describe('The contract called (checksummed)'),
  function: z.string().describe('The function as parsed, in canonical form'),
  result: z
    .array(
      z.object({
        name: z.string().nullable().describe('The output\'s name, when the signature names it'),
        type: z.string().describe('Its ABI type'),
        value: z.unknown().describe('Decoded: integers as decimal strings, addresses checksummed, bytes as 0x hex, arrays as arrays, tuples as objects (or arrays when unnamed)'),
      }),
    )
    .describe('One entry per value the function returns, in order'),
});

export function readContractTool(options: ChainToolDeps) {
  return defineTool({
    name: 'read_contract',
    title: 'Read a contract',
    description:
      'Calls a view or pure function of any contract (eth_call: nothing is signed or sent) and returns its decoded result. Give the function as Solidity declares it, e.g. "balanceOf(address) returns (uint256)", and its arguments as a JSON array. A revert comes back as an error with its reason.',
    inputSchema: z.object({
      chain: z.string().max(64).optional().describe(chainSelector(options.chains.slugs)),
      contract: addressOrNameSchema('contract'),
      function: z
        .string()
        .trim()
        .min(3)
        .max(1000)
        .describe('Human-readable signature: "balanceOf(address owner) view returns (uint256)", "name() returns (string)"; the returns (...) part says how to decode the answer'),
      args: z
        .array(argument)
        .max(32)
        .default([])
        .describe('Arguments in order, each a string: integers as decimal strings, addresses and bytes as 0x hex, bool as "true" or "false", an array or a tuple as its JSON text, e.g. "[1, 2]"; numbers, true/false and JSON arrays are taken as they are too'),
    }),
    outputSchema: readContractOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler(input, context) {
      const selected = options.chains.resolve(input.chain);
      const fragment = parseSignature(input.function);
      const data = encodeCall(fragment, input.args);
      const client = options.clients(selected);
      // Never cached: contract state changes with every block.
      return withUpstreamErrors(context, selected.slug, async () => {
        const contract = await options.addresses.resolve(selected, input.contract);
        const [code, call] = await client.rpc.batch([getCode(contract), ethCall(contract, data)], context.signal);
        if (!code?.ok) throw nodeFailure(client.label, code && !code.ok ? code : { ok: false, code: 0, message: 'no answer to eth_getCode' });
        if (!hasCode(code.result)) throw noContract(contract, selected.slug);
        const signature = fragment.format('sighash');
        if (!call!.ok) {
          if (!isContractRefusal(call!)) throw nodeFailure(client.label, call!);
          const reason = call!.revertData ? describeRevert(call!.revertData) : `reverted (the node says: ${call!.message})`;
          throw new ToolError(`${signature} on ${contract} ${reason.slice(0, MAX_REASON)}`);
        }
        const raw = typeof call!.result === 'string' ? call!.result : '0x';
        if (raw === '0x' && fragment.outputs.length > 0) {
          throw new ToolError(`${signature} on ${contract} returned no data: the contract has no such function (its fallback answered), or the signature's argument types differ from the contract's.`);
        }
        return { chain: selected.slug, contract, function: fragment.format('full'), result: decodeResult(fragment, raw) };
      });
    },
  });
}
