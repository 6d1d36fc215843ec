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
  /** The requests a server may send its client mid-request, each with the client capability it needs. */
  readonly clientRequests: Readonly<Record<string, string>>;
}
