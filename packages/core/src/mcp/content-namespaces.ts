import type { Dialect } from '../protocol/revisions.ts';
import type { JsonRpcResponse } from '../protocol/json-rpc.ts';
import { namespacedListing, namespacedTasks } from './combined-rewrite.ts';
import { parseNamespacedTaskId, parseNamespacedUri } from './combined-uris.ts';
import { combinedOwners } from './combined-owners.ts';
import type { Dispatcher } from './dispatch-context.ts';
import type { CombinedHandler, NamedItem, Namespace, NamespaceIndex } from './method-entry.ts';
import { invalidParams } from './request-fault.ts';
import { resourceNotFound } from './resource-catalog.ts';

/**
 * How `/mcp` names what packs offer besides tools (combined-uris.ts has the rules): prompts
 * `<pack>_<prompt>` as tools are, resource URIs and templates `<scheme>://<pack>/<the rest>`, task
 * ids `<pack>:<id>`. Each is a Namespace the method table's `/mcp` rules share between a list and
 * its use.
 */

const NO_PROMPTS: readonly { name: string }[] = [];

/** A pack's prompt names: its own, then a fronted server's as it lists them now. */
function promptsOf(member: Dispatcher): readonly { name: string }[] {
  const remote = member.pack.remote?.prompts?.();
  const own = member.pack.prompts ?? NO_PROMPTS;
  return remote === undefined ? own : own.length === 0 ? remote : [...own, ...remote];
}

export const PROMPT_NAMESPACE: Namespace = {
  index(members, _selection, logger): NamespaceIndex {
    const owners = combinedOwners(members, promptsOf, 'prompt', logger);
    const packs = members.map((member) => member.pack.name).join(', ') || 'none';
    return {
      route: (name) => owners().get(name),
      rename(member, prompts) {
        const current = owners();
        return prompts.flatMap((prompt) => {
          const name = `${member.pack.name}_${prompt.name}`;
          return current.get(name)?.member === member ? [{ ...prompt, name }] : [];
        });
      },
      notFound: (name) => invalidParams(`Prompt ${name} not found: at /mcp each prompt is named <pack>_<prompt> (packs here: ${packs})`, { name }),
    };
  },
};

/** Resource URIs (field `uri`) or templates (`uriTemplate`): the pack is the URI's authority, so routing needs no list. */
function uriNamespace(field: 'uri' | 'uriTemplate'): Namespace {
  return {
    index(members): NamespaceIndex {
      const byPack = new Map(members.map((member) => [member.pack.name, member]));
      // A built-in pack lists the same array every time: renamed once.
      const renamed = new WeakMap<readonly NamedItem[], readonly NamedItem[]>();
      return {
        route(uri) {
          const parsed = parseNamespacedUri(uri);
          const member = parsed && byPack.get(parsed.pack);
          return member ? { member, local: parsed.uri } : undefined;
        },
        rename(member, items) {
          let list = renamed.get(items);
          if (!list) {
            list = items.flatMap((item) => namespacedListing(member.pack.name, item, field) ?? []) as NamedItem[];
            renamed.set(items, list);
          }
          return list;
        },
        notFound: (uri: string, dialect: Dialect) =>
          resourceNotFound(uri, dialect === 'modern', `${uri} (at /mcp a resource's URI is <scheme>://<pack>/ then the pack's own URI after its scheme)`),
      };
    },
  };
}

export const RESOURCE_NAMESPACE = uriNamespace('uri');
export const TEMPLATE_NAMESPACE = uriNamespace('uriTemplate');

export const TASK_NAMESPACE: Namespace = {
  index(members): NamespaceIndex {
    const byPack = new Map(members.map((member) => [member.pack.name, member]));
    return {
      route(taskId) {
        const parsed = parseNamespacedTaskId(taskId);
        const member = parsed && byPack.get(parsed.pack);
        return member ? { member, local: parsed.taskId } : undefined;
      },
      rename: (member, tasks) => namespacedTasks(member.pack.name, { tasks }).tasks as NamedItem[],
      notFound: (taskId) => invalidParams(`Invalid params: unknown task ${taskId}: at /mcp a task id is <pack>:<id>`, { taskId }),
    };
  },
};

/**
 * completion/complete at `/mcp`: sent to the pack its ref names (a prompt `<pack>_<prompt>`, a
 * template's namespaced URI), with the pack's own name or template put back.
 */
export const completeCombined: CombinedHandler = async (request, context, combined) => {
  const ref = request.params?.ref as Record<string, unknown> | undefined;
  const [field, names] = ref?.type === 'ref/prompt' ? (['name', PROMPT_NAMESPACE] as const) : ref?.type === 'ref/resource' ? (['uri', TEMPLATE_NAMESPACE] as const) : [];
  const named = field === undefined ? undefined : ref![field];
  if (field === undefined || typeof named !== 'string') {
    return invalidParams(`Invalid params: ${request.method} needs params.ref as {type: "ref/prompt", name} or {type: "ref/resource", uri}`).answer(request.id);
  }
  const index = combined.index(names);
  const target = index.route(named);
  if (!target) {
    const missing = index.notFound(named, context.dialect);
    return invalidParams(typeof missing === 'string' ? missing : missing.message, { [field]: named }).answer(request.id);
  }
  const answer: JsonRpcResponse = await target.member.handle({ ...request, params: { ...request.params, ref: { ...ref, [field]: target.local } } }, context);
  return combined.relay(request, context, answer);
};
