import type { ServerResponse } from 'node:http';
import type { LogLevel } from '../client-channel.ts';
import type { CallerPolicy } from '../protocol/caller.ts';
import type { SessionTokens } from './session-token.ts';

/** What a 2025-era client said at initialize, and what it set up since, on one endpoint. */
export interface Session {
  readonly id: string;
  readonly protocolVersion: string;
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  /** The authenticated caller that opened it: another caller presenting the id is not let in. */
  readonly callerId: string | undefined;
  /** That caller's policy as its last request had it: which packs' list changes it may hear. */
  callerPolicy?: CallerPolicy | undefined;
  /** logging/setLevel; until set, log lines from `info` up reach the client. */
  logLevel: LogLevel | undefined;
  /** Resources it subscribed to, as `<pack> <uri>` (at /mcp several packs share the session). */
  readonly subscriptions: Set<string>;
  /** The GET stream notifications outside any request go to (list changes, resource updates). */
  stream: ServerResponse | undefined;
  lastSeen: number;
}

export interface SessionLimits {
  /** Sessions one endpoint keeps; past it the least recently seen is closed. */
  maxSessions: number;
  /** A session not seen for this long is closed (here: another request of it takes it up again). */
  idleMs: number;
  now?: () => number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { maxSessions: 10_000, idleMs: 60 * 60_000 };
/** Subscriptions one session may hold. */
export const MAX_SUBSCRIPTIONS = 256;

/**
 * One endpoint's sessions (docs/protocol.md, "Sessions"): issued only by endpoints that serve
 * something a session is for (questions to the client mid-call, subscriptions, a fronted server's
 * notifications), so stateless calls never touch it. An id is signed claims (session-token.ts): the
 * replica a session's requests reach takes it up, and keeps its state (log level, subscriptions,
 * stream, questions) in memory; nginx and the Ingress send a session's requests to one replica by
 * its Mcp-Session-Id (docs/deployment.md).
 */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  /** Ids closed here by DELETE: not taken up again. */
  readonly #closed = new Set<string>();
  readonly #limits: SessionLimits;
  readonly #now: () => number;
  readonly #tokens: SessionTokens;
  readonly #onClose: (session: Session) => void;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(tokens: SessionTokens, limits: SessionLimits = DEFAULT_SESSION_LIMITS, onClose: (session: Session) => void = () => {}) {
    this.#tokens = tokens;
    this.#limits = limits;
    this.#now = limits.now ?? Date.now;
    this.#onClose = onClose;
  }

  get size(): number {
    return this.#sessions.size;
  }

  open(protocolVersion: string, clientCapabilities: Record<string, unknown>, callerId: string | undefined): Session {
    const id = this.#tokens.issue({ version: protocolVersion, capabilities: Object.keys(clientCapabilities).slice(0, 32), caller: callerId ?? '' });
    return this.#hold(id, protocolVersion, clientCapabilities, callerId);
  }

  #hold(id: string, protocolVersion: string, clientCapabilities: Readonly<Record<string, unknown>>, callerId: string | undefined): Session {
    this.#startSweeping();
    if (this.#sessions.size >= this.#limits.maxSessions) {
      // A Map iterates in insertion order and `touch` re-inserts: the first is the least recently seen.
      const oldest = this.#sessions.values().next().value;
      if (oldest) this.close(oldest.id);
    }
    const session: Session = {
      id,
      protocolVersion,
      clientCapabilities,
      callerId,
      logLevel: undefined,
      subscriptions: new Set(),
      stream: undefined,
      lastSeen: this.#now(),
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  /**
   * The session, seen now: held here, or taken up from its signed id (it was opened on another
   * replica, or before this one restarted); undefined when the id is forged, expired, closed or
   * another caller's.
   */
  touch(id: string, callerId: string | undefined): Session | undefined {
    const session = this.#sessions.get(id) ?? this.#takeUp(id, callerId);
    if (!session || session.callerId !== callerId) return undefined;
    session.lastSeen = this.#now();
    this.#sessions.delete(id);
    this.#sessions.set(id, session);
    return session;
  }

  /** Ends a session for good (DELETE): its id is not taken up again here. */
  end(id: string): void {
    this.close(id);
    this.#closed.add(id);
    if (this.#closed.size > this.#limits.maxSessions) this.#closed.delete(this.#closed.values().next().value!);
  }

  close(id: string): boolean {
    const session = this.#sessions.get(id);
    if (!session) return false;
    this.#sessions.delete(id);
    session.stream?.end();
    session.stream = undefined;
    this.#onClose(session);
    return true;
  }

  /** Every open session (for notifications that go to all of them, or to the subscribers of a URI). */
  all(): IterableIterator<Session> {
    return this.#sessions.values();
  }

  closeAll(): void {
    for (const id of [...this.#sessions.keys()]) this.close(id);
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }

  #takeUp(id: string, callerId: string | undefined): Session | undefined {
    if (this.#closed.has(id)) return undefined;
    const claims = this.#tokens.verify(id, callerId ?? '');
    if (!claims) return undefined;
    return this.#hold(id, claims.version, Object.fromEntries(claims.capabilities.map((name) => [name, {}])), callerId);
  }

  #startSweeping(): void {
    if (this.#sweeper) return;
    this.#sweeper = setInterval(() => {
      const cutoff = this.#now() - this.#limits.idleMs;
      for (const session of [...this.#sessions.values()]) if (session.lastSeen < cutoff && !session.stream) this.close(session.id);
    }, Math.min(this.#limits.idleMs, 60_000));
    this.#sweeper.unref();
  }
}
