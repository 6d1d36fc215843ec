import { z } from 'zod';
import { isContentTool } from '../../content-tool.ts';
import type { AnyToolDefinition, Pack } from '../../pack.ts';
import type { RemoteListedTool } from '../../remote-tools.ts';
import { publishableSchema } from './publishable-schema.ts';

/** A tool as `tools/list` describes it. */
export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** Absent for content tools, whose results carry no structuredContent. */
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  execution?: { taskSupport: string };
}

export interface ToolCatalog {
  /**
   * What `tools/list` answers: the pack's own tools, built once at start and shared by every
   * answer, then a remote pack's tools as its server lists them now.
   */
  readonly listed: readonly (ListedTool | RemoteListedTool)[];
  /** The same for 2026-07-28, which dropped `execution.taskSupport` (the tasks extension lets the server decide). */
  readonly modernListed: readonly (ListedTool | RemoteListedTool)[];
  find(name: string): AnyToolDefinition | undefined;
}

/**
 * Without the `$schema` zod adds to every schema: MCP defines a schema that names no dialect as
 * 2020-12, and validators that do not know the 2020-12 meta-schema URI (a default Ajv, as Genkit
 * uses) refuse one that names it. A `$schema` the tool's author wrote (`.meta({ $schema })`) is
 * theirs and stays, as MCP asks servers to preserve it (SEP-1613), and so does the schema it heads:
 * an author who names a dialect wrote the schema by hand for it (the conformance fixture's 2020-12
 * tool). Every other schema is published in the form every model provider takes
 * (publishable-schema.ts).
 */
function toJsonSchema(tool: string, schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  const authored = z.globalRegistry.get(schema)?.['$schema'];
  return authored === undefined ? publishableSchema(json, io, tool) : { $schema: dialect, ...json };
}

export function buildToolCatalog(pack: Pack): ToolCatalog {
  const byName = new Map(pack.tools.map((tool) => [tool.name, tool]));
  const listed = pack.tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toJsonSchema(tool.name, tool.inputSchema, 'input'),
    ...(isContentTool(tool) ? {} : { outputSchema: toJsonSchema(tool.name, tool.outputSchema, 'output') }),
    ...(tool.annotations ? { annotations: { title: tool.title, ...tool.annotations } } : {}),
    ...(tool.execution ? { execution: { taskSupport: tool.execution.taskSupport } } : {}),
  }));
  const modernListed = listed.some((tool) => tool.execution) ? listed.map(({ execution: _dropped, ...tool }) => tool) : listed;
  const find = (name: string) => byName.get(name);
  const remote = pack.remoteTools;
  if (!remote) return { listed, modernListed, find };
  return {
    get listed() {
      const tools = remote.list();
      return listed.length === 0 ? tools : [...listed, ...tools];
    },
    get modernListed() {
      const tools = remote.list();
      return modernListed.length === 0 ? tools : [...modernListed, ...tools];
    },
    find,
  };
}
