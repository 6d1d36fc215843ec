import type { Pack } from '../pack.ts';
import { TaskStore } from '../tasks/task-store.ts';
import { buildCompletionHandler, type CompletionHandler } from './completion-handler.ts';
import { PackSubscriptions } from './pack-subscriptions.ts';
import { buildPromptCatalog, type PromptCatalog } from './prompt-catalog.ts';
import type { ProtocolNames } from './protocol-names.ts';
import { buildResourceCatalog, type ResourceCatalog } from './resource-catalog.ts';
import { RemoteTaskOwners } from './remote-task-owners.ts';
import { createTaskMethods, type TaskMethods } from './task-methods.ts';

/**
 * Everything a pack offers besides tools, built once per pack (createDispatcher): its prompts,
 * resources and templates, argument completion, resource subscriptions and the tasks its tools
 * run as. For a built-in pack from what it declares (definePrompt, defineResource, ...); for a
 * fronted server from its RemoteFeatures, read afresh where the server's answer may change.
 */
export interface PackContent {
  readonly prompts: PromptCatalog;
  readonly resources: ResourceCatalog;
  readonly completion: CompletionHandler;
  readonly subscriptions: PackSubscriptions;
  /** Where the pack's tasks are kept (tools with `execution`). */
  readonly taskStore: TaskStore;
  readonly tasks: TaskMethods;
  /** Who made each task of a fronted server (its tasks methods answer the maker only). */
  readonly remoteTasks: RemoteTaskOwners;
}

export function buildPackContent(pack: Pack, names: ProtocolNames): PackContent {
  const prompts = buildPromptCatalog(pack);
  const resources = buildResourceCatalog(pack);
  const taskStore = new TaskStore();
  return {
    prompts,
    resources,
    completion: buildCompletionHandler(pack, prompts, resources),
    subscriptions: new PackSubscriptions(pack, names),
    taskStore,
    tasks: createTaskMethods(taskStore),
    remoteTasks: new RemoteTaskOwners(),
  };
}

/** What a fronted server declared (RemoteFeatures.capabilities), read on each use: it may reconnect with other capabilities. */
export function remoteDeclares(pack: Pack, capability: string): boolean {
  return pack.remote?.capabilities()[capability] !== undefined;
}

/** A built-in pack that runs tools as tasks, or a fronted server that declared tasks. */
export function runsTasks(pack: Pack): boolean {
  return pack.tools.some((tool) => tool.execution !== undefined) || remoteDeclares(pack, 'tasks');
}
