import type { Pack } from '../pack.ts';
import type { CallerPolicy } from '../protocol/caller.ts';
import { MAX_SUBSCRIPTIONS, type Session } from '../streams/session-store.ts';
import type { ToolContext } from '../tool.ts';
import type { PackNotification } from './dispatch-context.ts';
import type { ProtocolNames } from './protocol-names.ts';
import { invalidParams } from './request-fault.ts';

/** How a session records one subscription: the pack and the pack's own URI (at /mcp several packs share a session). */
export const subscriptionKey = (pack: string, uri: string) => `${pack}\u0000${uri}`;

/**
 * A pack's resource subscriptions (2025-era sessions): which sessions want to hear of which URI,
 * the pack's own source of changes (ResourceUpdates, or a fronted server's notifications), and
 * for a fronted server one upstream subscription per URI however many clients subscribe to it.
 */
export class PackSubscriptions {
  readonly offered: boolean;
  readonly #pack: Pack;
  readonly #names: ProtocolNames;
  /** Sessions of this process subscribed to each URI (on any endpoint). */
  readonly #counts = new Map<string, number>();

  constructor(pack: Pack, names: ProtocolNames) {
    this.#pack = pack;
    this.#names = names;
    const remote = pack.remote?.capabilities().resources as { subscribe?: unknown } | undefined;
    this.offered = pack.resourceUpdates !== undefined || remote?.subscribe === true;
  }

  async subscribe(method: string, uri: string, session: Session | undefined, context: ToolContext): Promise<Record<string, unknown>> {
    if (!session) throw invalidParams(`Invalid params: ${method} needs a session: open one first (the Mcp-Session-Id the handshake gave), then subscribe with it`);
    const key = subscriptionKey(this.#pack.name, uri);
    if (session.subscriptions.has(key)) return {};
    if (session.subscriptions.size >= MAX_SUBSCRIPTIONS) throw invalidParams(`Invalid params: a session may hold at most ${MAX_SUBSCRIPTIONS} subscriptions`);
    await this.hold(method, uri, context);
    session.subscriptions.add(key);
    return {};
  }

  /** One more listener of `uri` in this process (a session, a 2026-07-28 listen stream): the first subscribes upstream with `method`. */
  async hold(method: string, uri: string, context: ToolContext): Promise<void> {
    const count = this.#counts.get(uri) ?? 0;
    if (count === 0 && this.#pack.remote) await this.#pack.remote.request(method, { uri }, context);
    this.#counts.set(uri, count + 1);
  }

  async unsubscribe(uri: string, session: Session | undefined, context: ToolContext): Promise<Record<string, unknown>> {
    const key = subscriptionKey(this.#pack.name, uri);
    if (!session?.subscriptions.delete(key)) return {};
    await this.release(uri, context);
    return {};
  }

  /** A closed session's subscriptions of this pack are let go (the last one upstream too). */
  sessionClosed(session: Session, context: ToolContext): void {
    const prefix = subscriptionKey(this.#pack.name, '');
    for (const key of session.subscriptions) {
      if (!key.startsWith(prefix)) continue;
      session.subscriptions.delete(key);
      void this.release(key.slice(prefix.length), context).catch(() => undefined);
    }
  }

  /** The pack's notifications outside requests; returns the unsubscribe. */
  listen(listener: (notification: PackNotification) => void): () => void {
    const pack = this.#pack.name;
    const stops: (() => void)[] = [];
    if (this.#pack.resourceUpdates) {
      stops.push(this.#pack.resourceUpdates.subscribe((uri) => listener({ pack, method: this.#names.resourceUpdated, params: { uri }, subscription: subscriptionKey(pack, uri) })));
    }
    const remote = this.#pack.remote?.onNotification;
    if (remote) {
      stops.push(
        remote((notification) => {
          const params = notification.params ?? {};
          const uri = notification.method === this.#names.resourceUpdated && typeof params.uri === 'string' ? params.uri : undefined;
          const allows = this.#names.listChanged.get(notification.method);
          const listChange = allows && { listChange: (policy: CallerPolicy) => allows(policy, pack) };
          listener({ pack, method: notification.method, params, ...(uri === undefined ? {} : { subscription: subscriptionKey(pack, uri) }), ...listChange });
        }),
      );
    }
    return () => stops.forEach((stop) => stop());
  }

  /** One listener of `uri` fewer: the last one unsubscribes upstream. */
  async release(uri: string, context: ToolContext): Promise<void> {
    const count = (this.#counts.get(uri) ?? 1) - 1;
    if (count > 0) {
      this.#counts.set(uri, count);
      return;
    }
    this.#counts.delete(uri);
    if (this.#pack.remote) await this.#pack.remote.request(this.#names.unsubscribe, { uri }, context);
  }
}
