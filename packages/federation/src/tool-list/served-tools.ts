import type { PackStatus, RemoteListedTool } from '@toolgate/core';
import type { Logger } from 'pino';
import type { RefusedTool } from './list-bounds.ts';
import type { ToolListOutcome } from './read-tool-list.ts';

/** How many refused tools /healthz names, and the log. */
const NAMED_ON_HEALTHZ = 5;
const NAMED_IN_LOG = 50;

export interface ServedToolsOptions {
  name: string;
  logger: Logger;
}

/**
 * The tools a remote pack serves now, from the last list its server gave: the tools within the
 * bounds, or none when the list as a whole was refused. What was left out, and why, is logged once
 * per list read and shown on /healthz (the pack `degraded`) until a list comes back clean.
 */
export class ServedTools {
  readonly #options: ServedToolsOptions;
  /** A new array on every change: the combined endpoint re-reads who owns which name only then. */
  #tools: readonly RemoteListedTool[] = [];
  #refused: readonly RefusedTool[] = [];
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
    this.#tools = outcome.tools;
    this.#refused = outcome.refused;
    if (outcome.refused.length > 0) {
      const count = outcome.refused.length;
      logger.warn({ refused: outcome.refused.slice(0, NAMED_IN_LOG) }, `${count} of the server's tools ${count === 1 ? 'is' : 'are'} left out: ${describe(outcome.refused, NAMED_IN_LOG)}`);
    }
  }

  /** `ready`, or `degraded` naming what was left out. */
  status(): PackStatus {
    if (this.#listProblem) return { state: 'degraded', detail: this.#listProblem };
    if (this.#refused.length === 0) return { state: 'ready' };
    const count = this.#refused.length;
    return { state: 'degraded', detail: `${count} ${count === 1 ? 'tool' : 'tools'} left out: ${describe(this.#refused, NAMED_ON_HEALTHZ)}` };
  }

  /** The server's instructions, cut to the bound a description has. */
  instructionsOf(instructions: string | undefined, maxLength: number): string | undefined {
    if (typeof instructions !== 'string') return undefined;
    if (instructions.length <= maxLength) return instructions;
    this.#options.logger.warn({ length: instructions.length, maxLength }, 'the server\'s instructions are cut to MCP_LIST_MAX_DESCRIPTION');
    return instructions.slice(0, maxLength);
  }
}

function describe(refused: readonly RefusedTool[], named: number): string {
  const shown = refused.slice(0, named).map(({ name, reason }) => `${name} (${reason})`);
  return refused.length > named ? `${shown.join('; ')}; and ${refused.length - named} more` : shown.join('; ');
}
