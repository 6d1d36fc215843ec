import type { Completers } from '../completion.ts';
import { completionOf } from '../completion.ts';
import type { ToolContext } from '../tool.ts';
import type { Pack } from '../pack.ts';
import type { PromptCatalog } from './prompt-catalog.ts';
import type { ResourceCatalog } from './resource-catalog.ts';
import { faultOf, invalidParams, stringRecord } from './request-fault.ts';

export interface CompletionHandler {
  /** Whether anything of the pack completes (the `completions` capability). */
  readonly offered: boolean;
  complete(method: string, params: Record<string, unknown> | undefined, context: ToolContext): Promise<Record<string, unknown>>;
}

/**
 * `completion/complete` for a built-in pack's prompts (`ref/prompt`) and resource templates
 * (`ref/resource`, by the template as listed): the argument's completer, capped at 100 values; an
 * argument without one completes to nothing. A remote pack's server answers for its own.
 */
export function buildCompletionHandler(pack: Pack, prompts: PromptCatalog, resources: ResourceCatalog): CompletionHandler {
  const builtIn = [...(pack.prompts ?? []), ...(pack.resources ?? []).filter((resource) => resource.kind === 'template')].some(
    (entry) => 'complete' in entry && entry.complete !== undefined && Object.keys(entry.complete).length > 0,
  );
  const remote = pack.remote && 'completions' in pack.remote.capabilities() ? pack.remote : undefined;

  function completersOf(ref: Record<string, unknown>): Completers<Record<string, string>> | undefined {
    if (ref.type === 'ref/prompt' && typeof ref.name === 'string') {
      const prompt = prompts.find(ref.name);
      if (!prompt) throw invalidParams(`Prompt ${ref.name} not found`, { name: ref.name });
      return prompt.complete as Completers<Record<string, string>> | undefined;
    }
    if (ref.type === 'ref/resource' && typeof ref.uri === 'string') {
      const template = resources.findTemplate(ref.uri);
      if (!template) throw invalidParams(`Resource template ${ref.uri} not found`, { uri: ref.uri });
      return template.complete as Completers<Record<string, string>> | undefined;
    }
    throw invalidParams('Invalid params: params.ref must be {type: "ref/prompt", name} or {type: "ref/resource", uri}');
  }

  return {
    offered: builtIn || remote !== undefined,
    async complete(method, params, context) {
      const ref = params?.ref;
      const argument = params?.argument as { name?: unknown; value?: unknown } | undefined;
      if (remote && !builtIn) return remote.request(method, params ?? {}, context);
      if (typeof ref !== 'object' || ref === null) throw invalidParams(`Invalid params: ${method} needs params.ref`);
      if (typeof argument?.name !== 'string' || typeof argument.value !== 'string') {
        throw invalidParams(`Invalid params: ${method} needs params.argument as {name, value}`);
      }
      const completer = completersOf(ref as Record<string, unknown>)?.[argument.name];
      if (!completer) return { completion: completionOf([]) };
      const others = stringRecord((params?.context as { arguments?: unknown } | undefined)?.arguments, 'params.context.arguments');
      try {
        return { completion: completionOf(await completer({ value: argument.value, arguments: others })) };
      } catch (error) {
        throw faultOf(error, `completion of ${argument.name}`, context);
      }
    },
  };
}
