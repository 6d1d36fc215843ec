/**
 * How the gateway is guarded in a run: open, API_KEYS, or OAuth resource-server mode
 * (OAUTH_ISSUER); `nokey` is API_KEYS with a client that has no key and tries OAuth instead.
 */
export type Mode = 'open' | 'key' | 'nokey' | 'oauth';

export const MODES: readonly Mode[] = ['open', 'key', 'nokey', 'oauth'];

export type Credentials = { kind: 'none' } | { kind: 'key'; key: string } | { kind: 'oauth'; issuer: string };

/** One tool result as any client reports it, reduced to what the scenario checks. */
export interface ToolOutcome {
  isError: boolean;
  /** The text content (JSON text for structured results), joined. */
  text: string;
}

/** A connection of one client to one pack's endpoint. */
export interface Session {
  listTools(): Promise<string[]>;
  call(name: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  /** Clients that expose resources and prompts (the MCP SDKs' own): the URIs listed, and a prompt's text. */
  listResources?(): Promise<string[]>;
  getPrompt?(name: string, args: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

export interface ClientUnderTest {
  /** Row label in the table. */
  name: string;
  /** The npm package(s) whose pinned version the row names. */
  packages: string[];
  /** Why a mode is not run for this client; absent → it runs. */
  skip?: Partial<Record<Mode, string>>;
  /** A limitation of the client itself that makes a mode fail: shown as such, not failing CI. */
  known?: Partial<Record<Mode, string>>;
  connect(endpoint: string, credentials: Credentials): Promise<Session>;
  /** Releases what the client kept between connections (a browser). */
  dispose?(): Promise<void>;
}

/** The header an API-key client sends. */
export function keyHeaders(credentials: Credentials): Record<string, string> {
  return credentials.kind === 'key' ? { authorization: `Bearer ${credentials.key}` } : {};
}
