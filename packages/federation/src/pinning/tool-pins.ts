import type { RemoteListedTool } from '@toolgate/core';
import type { Logger } from 'pino';
import { canonicalJson } from './canonical-json.ts';
import { lineDiff } from './definition-diff.ts';
import type { LockWatch, PinnedTools } from './lock-file.ts';

/** MCP_TOOL_CHANGES, or an entry's `toolChanges`: hold a changed tool back, or follow the server. */
export type ToolChanges = 'hold' | 'follow';

/** A tool whose listed definition is not the pinned one: changed, or new since the pins were taken. */
export interface HeldChange {
  tool: string;
  kind: 'changed' | 'added';
  /** The top-level fields that differ (description, inputSchema, annotations, …). */
  fields: string[];
}

export interface ToolPinsOptions {
  /** The pack's name, in the log and in the command that accepts. */
  name: string;
  mode: ToolChanges;
  /** The lock file beside the servers file; a server it names is pinned to what it says. */
  lock: LockWatch | undefined;
  logger: Logger;
}

/**
 * Tool pinning, against tool poisoning and rug pulls: what callers get of a server's tools is a
 * definition an operator approved, not whatever the server lists now. The pins are the server's
 * entry in the lock file when it has one (an operator committed it), else the first list seen
 * since start. A listed tool whose definition (description, schemas, annotations, any field)
 * differs from its pin is served as pinned; a tool with no pin is not served. Each such change is
 * logged once with a readable diff and stays held, on /healthz and the page, until an operator
 * accepts it (`pnpm servers:accept <name>` writes the lock; the gateway reads it again). A tool
 * the server no longer lists is gone at once: it can no longer be called anyway.
 */
export class ToolPins {
  readonly #options: ToolPinsOptions;
  #firstSeen: PinnedTools | undefined;
  #held: HeldChange[] = [];
  /** What was logged of each held tool (its new definition), so a change is logged once. */
  readonly #logged = new Map<string, string>();

  constructor(options: ToolPinsOptions) {
    this.#options = options;
  }

  get held(): readonly HeldChange[] {
    return this.#held;
  }

  /** The tools to serve of what the server lists now (`listed` passed the bounds). */
  apply(listed: readonly RemoteListedTool[]): RemoteListedTool[] {
    if (this.#options.mode === 'follow') {
      this.#held = [];
      return [...listed];
    }
    const pins = this.#options.lock?.pinsOf(this.#options.name) ?? (this.#firstSeen ??= Object.fromEntries(listed.map((tool) => [tool.name, tool])));
    const served: RemoteListedTool[] = [];
    const held: HeldChange[] = [];
    for (const tool of listed) {
      const pinned = pins[tool.name];
      const now = canonicalJson(tool);
      const before = pinned === undefined ? undefined : canonicalJson(pinned);
      if (before === now) {
        served.push(tool);
        continue;
      }
      if (pinned) served.push(pinned);
      const change: HeldChange = { tool: tool.name, kind: pinned ? 'changed' : 'added', fields: changedFields(pinned, tool) };
      held.push(change);
      this.#logOnce(change, before, now);
    }
    this.#held = held;
    return served;
  }

  #logOnce(change: HeldChange, before: string | undefined, now: string): void {
    if (this.#logged.get(change.tool) === now) return;
    this.#logged.set(change.tool, now);
    const { logger, name } = this.#options;
    const what = change.kind === 'added' ? `a new tool, ${change.tool}, is held back` : `${change.tool}'s definition changed (${change.fields.join(', ')}); callers get the pinned one`;
    logger.warn(
      { tool: change.tool, change: change.kind, fields: change.fields, diff: lineDiff(before ?? '', now) },
      `${what} until an operator accepts it: pnpm servers:accept ${name}`,
    );
  }
}

/** The top-level fields of two definitions that differ. */
function changedFields(before: RemoteListedTool | undefined, after: RemoteListedTool): string[] {
  if (!before) return Object.keys(after).sort();
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.filter((key) => canonicalJson(before[key]) !== canonicalJson(after[key]));
}
