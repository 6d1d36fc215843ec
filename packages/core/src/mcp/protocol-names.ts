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
  /** The requests a server may send its client mid-request, each with the client capability it needs. */
  readonly clientRequests: Readonly<Record<string, string>>;
}
