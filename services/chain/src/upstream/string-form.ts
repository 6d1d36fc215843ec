import { ToolError } from '@toolgate/core';
import type { ParamType } from 'ethers';

const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

function parseJsonText(text: string, param: ParamType, position: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ToolError(`Argument ${position} is a ${param.format()}: give it as a JSON array, or as its JSON text (e.g. "[\\"1\\", \\"2\\"]"), not ${quoted(text)}.`);
  }
}

/**
 * One argument of read_contract read as its ABI type needs it. The tool publishes every argument
 * as a string (docs/protocol.md: the one typed form every LLM host passes on unchanged), so a host
 * in OpenAI strict mode sends an array or a tuple as JSON text and a bool as "true" or "false".
 * The other forms (numbers, true/false, JSON arrays, a named tuple as an object) are taken as they
 * are, as before. Without this, ethers would read the string "false" as true.
 */
export function fromStringForm(param: ParamType, value: unknown, position: string): unknown {
  if (param.isArray() || param.isTuple()) {
    const parsed = typeof value === 'string' ? parseJsonText(value, param, position) : value;
    if (!Array.isArray(parsed)) return parsed;
    const childAt = (index: number) => (param.isArray() ? param.arrayChildren : param.components?.[index]);
    return parsed.map((item, index) => {
      const child = childAt(index);
      return child ? fromStringForm(child, item, `${position}[${index}]`) : item;
    });
  }
  if (param.baseType === 'bool' && typeof value === 'string') {
    if (value === 'true' || value === 'false') return value === 'true';
    throw new ToolError(`Argument ${position} is a bool: give true or false (or "true" or "false"), not ${quoted(value)}.`);
  }
  return value;
}
