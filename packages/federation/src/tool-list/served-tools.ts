import type { PackStatus, RemoteListedTool } from '@toolgate/core';
import type { Logger } from 'pino';
import type { HeldChange, ToolPins } from '../pinning/tool-pins.ts';
import type { RefusedTool } from './list-bounds.ts';
import type { ToolListOutcome } from './read-tool-list.ts';

/** How many refused tools /healthz names, and the log. */
const NAMED_ON_HEALTHZ = 5;
const NAMED_IN_LOG = 50;

export interface ServedToolsOptions {
  name: string;
  logger: Logger;
  /** What of a changed definition is served (pinning/tool-pins.ts). */
  pins: ToolPins;
}

/**
 * The tools a remote pack serves now, from the last list its server gave: the tools within the
 * bounds, or none when the list as a whole was refused. What was left out, and why, is logged once
 * per list read and shown on /healthz (the pack `degraded`) until a list comes back clean. Of
 * the tools within the bounds, a changed definition is served as pinned (ToolPins).
 */
export class ServedTools {
  readonly #options: ServedToolsOptions;
  /** A new array on every change: the combined endpoint re-reads who owns which name only then. */
  #tools: readonly RemoteListedTool[] = [];
  #refused: readonly RefusedTool[] = [];
  /** The tools within the bounds, as the server last listed them: pinned again when the lock changes. */
  #listed: readonly RemoteListedTool[] | undefined;
  #listProblem: string | undefined;
  #everListed = false;

  constructor(options: ServedToolsOptions) {
    this.#options = options;
  }

  get tools(): readonly RemoteListedTool[] {
    return this.#tools;
  }

  /** Why the whole list is refused, when it is. */
  get listProblem(): string | undefined {
    return this.#listProblem;
  }

  get everListed(): boolean {
    return this.#everListed;
  }

  apply(outcome: ToolListOutcome): void {
    this.#everListed = true;
    const { logger } = this.#options;
    if ('problem' in outcome) {
      this.#listProblem = `its tool list is refused: ${outcome.problem}`;
      this.#tools = [];
      this.#refused = [];
      logger.warn({ problem: outcome.problem }, `the server's tool list is refused, and none of its tools is served: ${outcome.problem}`);
      return;
    }
    this.#listProblem = undefined;
    this.#listed = outcome.tools;
    this.#tools = this.#options.pins.apply(outcome.tools);
    this.#refused = outcome.refused;
    if (outcome.refused.length > 0) {
      const count = outcome.refused.length;
      logger.warn({ refused: outcome.refused.slice(0, NAMED_IN_LOG) }, `${count} of the server's tools ${count === 1 ? 'is' : 'are'} left out: ${describe(outcome.refused, NAMED_IN_LOG)}`);
    }
  }

  /** The pins changed (the lock file was read again): the last list, pinned anew. */
  repin(): void {
    if (this.#listed) this.#tools = this.#options.pins.apply(this.#listed);
  }

  /** `ready`, or `degraded` naming what was left out and what is held back. */
  status(): PackStatus {
    if (this.#listProblem) return { state: 'degraded', detail: this.#listProblem };
    const problems: string[] = [];
    const held = this.#options.pins.held;
    if (held.length > 0) problems.push(`${plural(held.length, 'tool change')} held back until accepted (pnpm servers:accept ${this.#options.name}): ${describeHeld(held)}`);
    if (this.#refused.length > 0) problems.push(`${plural(this.#refused.length, 'tool')} left out: ${describe(this.#refused, NAMED_ON_HEALTHZ)}`);
    const counted = held.length > 0 ? { heldChanges: held.length } : {};
    return problems.length === 0 ? { state: 'ready' } : { state: 'degraded', detail: problems.join('; '), ...counted };
  }

  /** The server's instructions, cut to the bound a description has. */
  instructionsOf(instructions: string | undefined, maxLength: number): string | undefined {
    if (typeof instructions !== 'string') return undefined;
    if (instructions.length <= maxLength) return instructions;
    this.#options.logger.warn({ length: instructions.length, maxLength }, 'the server\'s instructions are cut to MCP_LIST_MAX_DESCRIPTION');
    return instructions.slice(0, maxLength);
  }
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function describeHeld(held: readonly HeldChange[]): string {
  const shown = held.slice(0, NAMED_ON_HEALTHZ).map(({ tool, kind, fields }) => `${tool} (${kind === 'added' ? 'new' : fields.join(', ')})`);
  return held.length > NAMED_ON_HEALTHZ ? `${shown.join('; ')}; and ${held.length - NAMED_ON_HEALTHZ} more` : shown.join('; ');
}

function describe(refused: readonly RefusedTool[], named: number): string {
  const shown = refused.slice(0, named).map(({ name, reason }) => `${name} (${reason})`);
  return refused.length > named ? `${shown.join('; ')}; and ${refused.length - named} more` : shown.join('; ');
}
