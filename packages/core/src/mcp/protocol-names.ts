import type { CallerPolicy } from '../protocol/caller.ts';

/**
 * The names of what is not a method the table answers but core still sends or reads: notifications
 * and the requests a server may send its client. Read from the table (method-table.ts), never
 * spelt elsewhere.
 */
export interface ProtocolNames {
  /** Opens a 2025-era session (http/session-support.ts). */
  readonly initialize: string;
  readonly progress: string;
  readonly message: string;
  readonly cancelled: string;
  readonly resourceUpdated: string;
  /** Sent upstream when a fronted server's last subscriber to a URI goes (mcp/pack-subscriptions.ts). */
  readonly unsubscribe: string;
  /**
   * A fronted server's list changes, relayed to 2025-era sessions (http/list-change-outbox.ts):
   * each with who may hear it (a caller that may see that list of the pack).
   */
  readonly listChanged: ReadonlyMap<string, (policy: CallerPolicy, pack: string) => boolean>;
  /** What a 2026-07-28 listen stream sends and does (mcp/listen-method.ts). */
  readonly listen: ListenNames;
  /** The requests a server may send its client mid-request, each with the client capability it needs. */
  readonly clientRequests: Readonly<Record<string, string>>;
}

export interface ListenNames {
  /** The notification a listen stream opens with: what it honours. */
  readonly acknowledged: string;
  /** Sent upstream for a fronted server's URI a stream subscribes to (the last one's end unsubscribes). */
  readonly subscribe: string;
  /** Each list a client may ask to hear of: its flag in the request, the capability that says it changes, its notification. */
  readonly lists: Readonly<Record<string, { readonly capability: string; readonly method: string }>>;
}
