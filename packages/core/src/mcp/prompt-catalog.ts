import { z } from 'zod';
import { InputRequired } from '../ask-client.ts';
import { toolContentSchema } from '../protocol/tool-result.ts';
import type { Pack } from '../pack.ts';
import { listedArguments, type PromptDefinition } from '../prompt.ts';
import type { ToolContext } from '../tool.ts';
import { faultOf, invalidParams, stringRecord } from './request-fault.ts';

const promptResultSchema = z.object({
  description: z.string().optional(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: toolContentSchema })).min(1),
});

/** A pack's prompts: `prompts/list` and `prompts/get`, built-in ones checked on the way in and out. */
export interface PromptCatalog {
  /** Whether the pack has prompts at all (the capability is declared then). */
  readonly offered: boolean;
  /** What `prompts/list` answers: built once for a built-in pack, read afresh from a remote server. */
  listed(): readonly { name: string; [field: string]: unknown }[];
  find(name: string): PromptDefinition | undefined;
  get(method: string, params: Record<string, unknown> | undefined, context: ToolContext): Promise<Record<string, unknown>>;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

export function buildPromptCatalog(pack: Pack): PromptCatalog {
  const prompts = pack.prompts ?? [];
  const byName = new Map(prompts.map((prompt) => [prompt.name, prompt]));
  const listed = prompts.map((prompt) => ({ name: prompt.name, title: prompt.title, description: prompt.description, arguments: listedArguments(prompt.arguments) }));
  const remote = pack.remote?.prompts ? pack.remote : undefined;

  async function getBuiltIn(prompt: PromptDefinition, rawArguments: unknown, context: ToolContext): Promise<Record<string, unknown>> {
    const parsed = prompt.arguments.safeParse(stringRecord(rawArguments, 'params.arguments'));
    if (!parsed.success) throw invalidParams(`Invalid arguments for prompt ${prompt.name}: ${describeIssues(parsed.error)}`);
    let value: unknown;
    try {
      value = await prompt.handler(parsed.data, context);
    } catch (error) {
      if (error instanceof InputRequired) throw error;
      throw faultOf(error, `prompt ${prompt.name}`, context);
    }
    const result = promptResultSchema.safeParse(value);
    if (!result.success) {
      context.logger.error({ prompt: prompt.name, issues: result.error.issues }, 'prompt result does not match the MCP prompt shape');
      throw faultOf(new Error('prompt result drift'), `prompt ${prompt.name}`, context);
    }
    return result.data;
  }

  return {
    offered: prompts.length > 0 || remote !== undefined,
    listed: remote ? () => (listed.length === 0 ? remote.prompts!() : [...listed, ...remote.prompts!()]) : () => listed,
    find: (name) => byName.get(name),
    async get(method, params, context) {
      const name = params?.name;
      if (typeof name !== 'string') throw invalidParams(`Invalid params: ${method} needs params.name`);
      const prompt = byName.get(name);
      if (prompt) return getBuiltIn(prompt, params?.arguments, context);
      if (remote) return remote.request(method, params!, context);
      throw invalidParams(`Prompt ${name} not found`, { name });
    },
  };
}
