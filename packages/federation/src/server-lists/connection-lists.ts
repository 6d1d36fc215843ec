import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { PackStatus, RemoteListedTool } from '@toolgate/core';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ConnectionBounds } from '../federation-settings.ts';
import { Relister } from '../relist.ts';
import { logStrictHostRefusals } from '../strict-host-report.ts';
import { PROMPTS, RESOURCE_TEMPLATES, RESOURCES, TOOLS, type ListedEntry, type ListKind } from './list-kinds.ts';
import { readServerList } from './read-server-list.ts';
import { ServedList, type ListPins } from './served-list.ts';

// Loose on purpose: what the server sends is passed on verbatim, not rebuilt by the SDK's schemas.
const pageSchema = z.looseObject({ nextCursor: z.string().optional() });

/** Which capability of the server's says it has each list. */
const CAPABILITY: ReadonlyMap<ListKind, string> = new Map([
  [TOOLS, 'tools'],
  [PROMPTS, 'prompts'],
  [RESOURCES, 'resources'],
  [RESOURCE_TEMPLATES, 'resources'],
]);

/** The list-changed notification that re-reads each list. */
export const LIST_CHANGED: ReadonlyMap<string, readonly ListKind[]> = new Map([
  ['notifications/tools/list_changed', [TOOLS]],
  ['notifications/prompts/list_changed', [PROMPTS]],
  ['notifications/resources/list_changed', [RESOURCES, RESOURCE_TEMPLATES]],
]);

export interface ConnectionListsOptions {
  bounds: ConnectionBounds;
  logger: Logger;
  /** Which of the server's tools are served (allowTools, denyTools). */
  serves: (tool: string) => boolean;
  describe: (error: unknown) => string;
  /** What of a changed tool definition callers get (pinning/tool-pins.ts). */
  pinning: ListPins;
}

/**
 * The four lists a fronted server gives (tools, prompts, resources, resource templates), each read
 * within the same bounds (MCP_LIST_*) at connect when the server declares it, and again, coalesced,
 * when the server says it changed. Kept between connections: a reconnect that cannot list keeps the
 * last lists served.
 */
export class ConnectionLists {
  readonly tools: ServedList<RemoteListedTool>;
  readonly prompts: ServedList;
  readonly resources: ServedList;
  readonly resourceTemplates: ServedList;
  readonly #options: ConnectionListsOptions;
  readonly #served: ReadonlyMap<ListKind, ServedList>;

  constructor(options: ConnectionListsOptions) {
    this.#options = options;
    this.tools = new ServedList<RemoteListedTool>(TOOLS, options.logger, options.pinning);
    this.prompts = new ServedList(PROMPTS, options.logger);
    this.resources = new ServedList(RESOURCES, options.logger);
    this.resourceTemplates = new ServedList(RESOURCE_TEMPLATES, options.logger);
    this.#served = new Map<ListKind, ServedList>([
      [TOOLS, this.tools as ServedList],
      [PROMPTS, this.prompts],
      [RESOURCES, this.resources],
      [RESOURCE_TEMPLATES, this.resourceTemplates],
    ]);
  }

  /** Reads every list the server declares (a failure is thrown: the connection is not up without its tools). */
  async readAll(client: Client): Promise<void> {
    const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
    for (const [kind, served] of this.#served) {
      if (kind === TOOLS || capabilities[CAPABILITY.get(kind)!] !== undefined) await this.#read(client, kind);
      else served.clear();
    }
  }

  /** A Relister per list-changed notification, for one live connection; `changed` hears each list read again. */
  relisters(client: Client, changed: (method: string) => void): Map<string, Relister> {
    const { bounds, logger } = this.#options;
    return new Map(
      [...LIST_CHANGED].map(([method, kinds]) => {
        const list = async () => {
          for (const kind of kinds) await this.#read(client, kind).catch((error: unknown) => logger.warn({ err: this.#options.describe(error) }, `listing ${kind.noun}s again failed`));
          changed(method);
        };
        return [method, new Relister({ list, minIntervalMs: bounds.relistIntervalMs, logger, what: kinds[0] === TOOLS ? 'tools' : `${kinds[0]!.noun}s` })];
      }),
    );
  }

  /** `ready`, or the first list that is `degraded`, naming what was left out. */
  status(): PackStatus {
    for (const served of this.#served.values()) {
      const status = served.status();
      if (status.state !== 'ready') return status;
    }
    return { state: 'ready' };
  }

  async #read(client: Client, kind: ListKind): Promise<void> {
    const { bounds, serves, logger } = this.#options;
    const page = async (cursor: string | undefined) => {
      const answer = await client.request({ method: kind.method, params: cursor ? { cursor } : {} }, pageSchema, { timeout: bounds.timeoutMs });
      const entries = (answer as Record<string, unknown>)[kind.field];
      return { entries: Array.isArray(entries) ? entries : [], nextCursor: answer.nextCursor };
    };
    this.#served.get(kind)!.apply(await readServerList(kind, page, bounds.list, kind === TOOLS ? serves : undefined));
    if (kind === TOOLS) logStrictHostRefusals(this.tools.entries, logger);
  }
}

export type { ListedEntry };
