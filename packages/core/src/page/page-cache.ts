import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PageView } from './render-page.ts';

const gzipped = promisify(gzip);

/** Pages kept: a few base URLs (the request's host names the gateway) at the current catalog version. */
const KEPT = 8;

/** One rendered page: its HTML, and its gzip once it is asked for again (see `gzip`). */
export interface CachedPage {
  html: string;
  /** The gzip of `html`, made the second time this page is served: a page asked for once is sent as it is. */
  gzip(): Promise<Buffer> | undefined;
}

interface Entry {
  html: string;
  served: number;
  gzip?: Promise<Buffer>;
}

/**
 * The catalog page, rendered once per catalog version. The version is read from what the page
 * shows: each pack's state and the identity of its tools' array (a remote pack's list is a new
 * array only when its server's list changed; a built-in pack's never changes), the unreachable
 * peers, the base URL and the page's settings. So loading the page costs a comparison, not a
 * render, and anyone can load it as often as they like (it needs no key). A render costs a small
 * multiple of the tools/list it shows (schemas are shown within a bound: bounded-json.ts).
 */
export class PageCache {
  readonly #render: (view: PageView) => string;
  readonly #ids = new WeakMap<object, number>();
  #nextId = 0;
  readonly #pages = new Map<string, Entry>();
  /** Pages rendered so far: what a test counts. */
  renders = 0;

  constructor(render: (view: PageView) => string) {
    this.#render = render;
  }

  page(view: PageView): CachedPage {
    const key = this.#versionOf(view);
    let entry = this.#pages.get(key);
    if (entry) {
      // Most recently used last: the first one is the one to drop.
      this.#pages.delete(key);
    } else {
      entry = { html: this.#render(view), served: 0 };
      this.renders += 1;
    }
    this.#pages.set(key, entry);
    while (this.#pages.size > KEPT) this.#pages.delete(this.#pages.keys().next().value!);
    entry.served += 1;
    const cached = entry;
    return {
      html: cached.html,
      // A host named once (a client inventing one per request) is not worth compressing.
      gzip: () => (cached.served < 2 ? undefined : (cached.gzip ??= gzipped(cached.html))),
    };
  }

  #versionOf(view: PageView): string {
    const packs = view.packs.map((pack) => [pack.name, pack.segment, pack.version ?? '', this.#idOf(pack.tools), JSON.stringify(pack.status)].join('\u0000'));
    const peers = view.unreachable.map((peer) => `${peer.url}\u0000${peer.problem}`);
    return JSON.stringify([view.baseUrl, view.keyed, view.oneUrl, packs, peers]);
  }

  #idOf(value: object): number {
    let id = this.#ids.get(value);
    if (id === undefined) this.#ids.set(value, (id = (this.#nextId += 1)));
    return id;
  }
}
