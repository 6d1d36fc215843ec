import type { ContentToolDefinition } from './content-tool.ts';
import type { PromptDefinition } from './prompt.ts';
import type { RemoteFeatures } from './remote-features.ts';
import type { RemoteTools } from './remote-tools.ts';
import type { AnyResourceDefinition, ResourceUpdates } from './resource.ts';
import type { ToolDefinition } from './tool.ts';

/** Either kind of tool: JSON-returning (`defineTool`) or raw-content (`defineContentTool`). */
export type AnyToolDefinition = ToolDefinition | ContentToolDefinition;

/** A group of tools served together at `/<segment>/mcp`. */
export interface Pack {
  /** Stable name: `chain`, `quotes`, … Also the default path segment. */
  name: string;
  version: string;
  /** Shown to clients at initialize / server/discover. */
  instructions?: string;
  tools: AnyToolDefinition[];
  /**
   * Tool search's vocabulary for this pack (`/mcp?view=search`): groups of words or phrases its
   * users say for the same thing (`['gig', 'concert', 'show']`). A tool whose text holds one entry
   * of a group is also found by the others; groups apply to this pack's tools only.
   */
  synonyms?: readonly (readonly string[])[];
  /** Prompts an agent starts a task from (`prompts/`, one per file). */
  prompts?: PromptDefinition[];
  /** Resources at fixed URIs and URI templates (`resources/`, one per file). */
  resources?: AnyResourceDefinition[];
  /**
   * 2025-era clients get a session at initialize (Mcp-Session-Id): what a pack needs to ask the
   * client mid-call (elicitation, sampling, roots) or to let it subscribe to resources. Remote
   * packs always have one. Stateless otherwise (docs/protocol.md, "Sessions").
   */
  sessions?: boolean;
  /** The pack sends log lines to clients (`context.client.log`): the `logging` capability. */
  logging?: boolean;
  /** Resources that change: clients may subscribe, and hear of each change (`resources.subscribe`). */
  resourceUpdates?: ResourceUpdates;
  /** Tools another MCP server serves (a remote or stdio pack); listed after `tools`. */
  remoteTools?: RemoteTools;
  /** Everything else that server offers: prompts, resources, completion, logging, tasks. */
  remote?: RemoteFeatures;
}

function checkUnique(pack: string, what: string, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`pack ${pack}: ${what} ${name} is declared twice`);
    seen.add(name);
  }
}

export function definePack(pack: Pack): Pack {
  checkUnique(pack.name, 'tool', pack.tools.map((tool) => tool.name));
  checkUnique(pack.name, 'prompt', (pack.prompts ?? []).map((prompt) => prompt.name));
  checkUnique(pack.name, 'resource', (pack.resources ?? []).map((resource) => (resource.kind === 'resource' ? resource.uri : resource.uriTemplate)));
  return pack;
}
