import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { startJudgedGateway } from './judged-gateway.ts';
import { listAt } from './list-tools.ts';

/** The tokenizer of OpenAI's GPT-4o and later models (o200k_base), from js-tiktoken, whose vocabulary ships in the package. */
export const TOKENIZER = 'o200k_base (js-tiktoken 1.0.21: GPT-4o and later OpenAI models)';

export interface ListSize {
  url: string;
  tools: number;
  bytes: number;
  /** Tokens of the tools array as JSON: what a host hands its model on every request. */
  tokens: number;
}

export interface SizeComparison {
  what: string;
  full: ListSize;
  search: ListSize;
}

/**
 * tools/list's size at an endpoint and at its search view: `/mcp` of every built-in pack (as
 * `pnpm start` serves it), then with server-everything and a fronted server of 1,000 tools, whose
 * own URL is compared too.
 */
export async function measureListSizes(): Promise<SizeComparison[]> {
  const tokenizer = new Tiktoken(o200kBase);
  const sizeOf = async (base: string, path: string): Promise<ListSize> => {
    const { bytes, tools } = await listAt(`${base}${path}`);
    return { url: path, tools: tools.length, bytes, tokens: tokenizer.encode(JSON.stringify(tools)).length };
  };
  const compare = async (base: string, what: string, path: string) => ({ what, full: await sizeOf(base, path), search: await sizeOf(base, `${path}?view=search`) });
  const builtIn = await startJudgedGateway({ everything: false });
  const large = await startJudgedGateway({ distractors: 1000 });
  try {
    return [
      await compare(builtIn.url, 'every built-in pack', '/mcp'),
      await compare(large.url, 'built-in packs, server-everything and a fronted server of 1,000 tools', '/mcp'),
      await compare(large.url, 'the fronted server of 1,000 tools alone', '/workspace/mcp'),
    ];
  } finally {
    await builtIn.close();
    await large.close();
  }
}
