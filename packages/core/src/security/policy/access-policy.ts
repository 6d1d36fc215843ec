import type { CallerPolicy } from '../../protocol/caller.ts';

/**
 * What one caller may use: whole packs, single tools (`<pack>/<tool>`), and how many tool calls.
 * Built once at start (from API_KEYS_FILE or a token's scopes), shared by every request of the
 * caller, so each check is a set lookup.
 */
export class AccessPolicy implements CallerPolicy {
  /** Whether any pack or tool is off limits: an unrestricted policy lists every tool. */
  readonly restricted: boolean;
  readonly ratePerMinute: number | undefined;
  readonly dailyQuota: number | undefined;
  /** As granted: whole packs, and `<pack>/<tool>` names. */
  readonly packs: readonly string[];
  readonly tools: readonly string[];
  readonly #packs: ReadonlySet<string>;
  readonly #tools: ReadonlySet<string>;
  /** Packs reachable through one of `#tools`: their endpoint answers, listing only those tools. */
  readonly #toolPacks: ReadonlySet<string>;

  constructor(options: { packs?: readonly string[] | undefined; tools?: readonly string[] | undefined; ratePerMinute?: number | undefined; dailyQuota?: number | undefined }) {
    this.restricted = options.packs !== undefined || options.tools !== undefined;
    this.#packs = new Set(options.packs ?? []);
    this.#tools = new Set(options.tools ?? []);
    this.#toolPacks = new Set((options.tools ?? []).map((tool) => tool.slice(0, tool.indexOf('/'))));
    this.packs = options.packs ?? [];
    this.tools = options.tools ?? [];
    this.ratePerMinute = options.ratePerMinute;
    this.dailyQuota = options.dailyQuota;
  }

  allowsPack(pack: string): boolean {
    return !this.restricted || this.#packs.has(pack) || this.#toolPacks.has(pack);
  }

  /**
   * Whether the caller may see and use the pack's prompts and resources: only with the whole pack
   * granted. A grant of some tools (`<pack>/<tool>`) is that far and no further: a prompt or a
   * resource may reach what the other tools do.
   */
  allowsPackContent(pack: string): boolean {
    return !this.restricted || this.#packs.has(pack);
  }

  allowsTool(pack: string, tool: string): boolean {
    return !this.restricted || this.#packs.has(pack) || this.#tools.has(`${pack}/${tool}`);
  }

  /** Whether the caller's tool calls are counted (a minute limit or a daily quota). */
  get metered(): boolean {
    return this.ratePerMinute !== undefined || this.dailyQuota !== undefined;
  }
}

/** Every pack, every tool, no per-caller limit: API_KEYS keys, open gateways, tokens without toolgate scopes. */
export const UNRESTRICTED = new AccessPolicy({});
