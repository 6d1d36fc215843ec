import type { PackStatus, RemoteListedTool } from '@toolgate/core';
import type { Logger } from 'pino';
import type { HeldChange, ToolPins } from '../pinning/tool-pins.ts';
import type { RefusedEntry } from './list-bounds.ts';
import type { ListedEntry, ListKind } from './list-kinds.ts';
import type { ListOutcome } from './read-server-list.ts';

/** How many refused entries /healthz names, and the log. */
const NAMED_ON_HEALTHZ = 5;
const NAMED_IN_LOG = 50;

/** Pinning (pinning/tool-pins.ts) as a tool list applies it: the pack's name, for the accept command. */
export interface ListPins {
  name: string;
  pins: ToolPins;
}

/**
 * One list a remote pack serves now (its tools, prompts, resources or templates), from the last
 * list its server gave: the entries within the bounds, or none when the list as a whole was
 * refused. What was left out, and why, is logged once per list read and shown on /healthz (the
 * pack `degraded`) until a list comes back clean. Of a tool list within the bounds, a changed
 * definition is served as pinned (ToolPins).
 */
export class ServedList<Entry extends ListedEntry = ListedEntry> {
  readonly #kind: ListKind;
  readonly #logger: Logger;
  readonly #pinning: ListPins | undefined;
  /** A new array on every change: core re-reads who owns which name (at /mcp) only then. */
  #entries: readonly Entry[] = [];
  /** The entries within the bounds, as the server last listed them: pinned again when the lock changes. */
  #listed: readonly Entry[] | undefined;
  #refused: readonly RefusedEntry[] = [];
  #listProblem: string | undefined;
  #everListed = false;

  constructor(kind: ListKind, logger: Logger, pinning?: ListPins) {
    this.#kind = kind;
    this.#logger = logger;
    this.#pinning = pinning;
  }

  get entries(): readonly Entry[] {
    return this.#entries;
  }

  /** Why the whole list is refused, when it is. */
  get listProblem(): string | undefined {
    return this.#listProblem;
  }

  get everListed(): boolean {
    return this.#everListed;
  }

  apply(outcome: ListOutcome): void {
    this.#everListed = true;
    const noun = this.#kind.noun;
    if ('problem' in outcome) {
      this.#listProblem = `its ${noun} list is refused: ${outcome.problem}`;
      this.#entries = [];
      this.#refused = [];
      this.#logger.warn({ problem: outcome.problem }, `the server's ${noun} list is refused, and none of its ${noun}s is served: ${outcome.problem}`);
      return;
    }
    this.#listProblem = undefined;
    this.#listed = outcome.entries as Entry[];
    this.#entries = this.#pinned(this.#listed);
    this.#refused = outcome.refused;
    if (outcome.refused.length > 0) {
      const count = outcome.refused.length;
      this.#logger.warn(
        { refused: outcome.refused.slice(0, NAMED_IN_LOG) },
        `${count} of the server's ${noun}s ${count === 1 ? 'is' : 'are'} left out: ${describe(outcome.refused, NAMED_IN_LOG)}`,
      );
    }
  }

  /** The pins changed (the lock file was read again): the last list, pinned anew. */
  repin(): void {
    if (this.#listed) this.#entries = this.#pinned(this.#listed);
  }

  /** Forgets the list: the server stopped offering it (a reconnect to a server without the capability). */
  clear(): void {
    if (this.#entries.length > 0) this.#entries = [];
    this.#listed = undefined;
    this.#refused = [];
    this.#listProblem = undefined;
  }

  /** `ready`, or `degraded` naming what was left out and what is held back. */
  status(): PackStatus {
    if (this.#listProblem) return { state: 'degraded', detail: this.#listProblem };
    const problems: string[] = [];
    const held = this.#pinning?.pins.held ?? [];
    if (held.length > 0) problems.push(`${plural(held.length, 'tool change')} held back until accepted (pnpm servers:accept ${this.#pinning!.name}): ${describeHeld(held)}`);
    if (this.#refused.length > 0) problems.push(`${plural(this.#refused.length, this.#kind.noun)} left out: ${describe(this.#refused, NAMED_ON_HEALTHZ)}`);
    const counted = held.length > 0 ? { heldChanges: held.length } : {};
    return problems.length === 0 ? { state: 'ready' } : { state: 'degraded', detail: problems.join('; '), ...counted };
  }

  #pinned(listed: readonly Entry[]): readonly Entry[] {
    return this.#pinning ? (this.#pinning.pins.apply(listed as unknown as readonly RemoteListedTool[]) as unknown as Entry[]) : listed;
  }
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function describeHeld(held: readonly HeldChange[]): string {
  const shown = held.slice(0, NAMED_ON_HEALTHZ).map(({ tool, kind, fields }) => `${tool} (${kind === 'added' ? 'new' : fields.join(', ')})`);
  return held.length > NAMED_ON_HEALTHZ ? `${shown.join('; ')}; and ${held.length - NAMED_ON_HEALTHZ} more` : shown.join('; ');
}

/** The server's instructions, cut to the bound a description has. */
export function boundedInstructions(instructions: string | undefined, maxLength: number, logger: Logger): string | undefined {
  if (typeof instructions !== 'string') return undefined;
  if (instructions.length <= maxLength) return instructions;
  logger.warn({ length: instructions.length, maxLength }, "the server's instructions are cut to MCP_LIST_MAX_DESCRIPTION");
  return instructions.slice(0, maxLength);
}

function describe(refused: readonly RefusedEntry[], named: number): string {
  const shown = refused.slice(0, named).map(({ name, reason }) => `${name} (${reason})`);
  return refused.length > named ? `${shown.join('; ')}; and ${refused.length - named} more` : shown.join('; ');
}
