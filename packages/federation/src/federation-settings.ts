import { z } from 'zod';

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Everything a fronted server can drive is bounded, with a default an operator who sets nothing
 * is protected by (docs/federation.md#bounds). The list bounds sit beside the call bounds.
 */
export const federationEnvSchema = z.object({
  /** A Claude Desktop / Cursor / VS Code `mcpServers` file: each entry becomes a pack at `/<name>/mcp`. */
  MCP_SERVERS_FILE: z.string().trim().min(1).optional(),
  /** How long connecting to a server, or one forwarded call, may take before it is a tool error. */
  MCP_SERVER_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(5_000),
  /**
   * The largest answer read from a server (a call's result; one stdio message). By default what the
   * gateway itself sends at most (MAX_RESPONSE_BYTES): a larger answer could not reach the client.
   */
  MCP_MAX_ANSWER_BYTES: positive(8 * 1024 * 1024),
  /** A server's whole tool list, in bytes of JSON (all pages). */
  MCP_LIST_MAX_BYTES: positive(1024 * 1024),
  /** Entries in one of a server's lists (its tools; prompts, resources and templates when they are forwarded). */
  MCP_LIST_MAX_ITEMS: positive(1_000),
  /** How deep one entry's JSON may nest (a tool's schemas, annotations, _meta). */
  MCP_LIST_MAX_DEPTH: positive(64),
  /** Characters of an entry's name. */
  MCP_LIST_MAX_NAME: positive(128),
  /** Characters of an entry's description and title (and of the server's instructions). */
  MCP_LIST_MAX_DESCRIPTION: positive(16_384),
  /** Bytes a second read from one server, all its streams together; past it reading waits. */
  MCP_READ_BYTES_PER_SECOND: positive(4 * 1024 * 1024),
  /** Bytes a second read from one server's session stream (its notifications and requests to the gateway). */
  MCP_SESSION_STREAM_BYTES_PER_SECOND: positive(64 * 1024),
  /** The least time between two re-lists of one server after its `tools/list_changed`. */
  MCP_RELIST_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /** A stdio child's process group: SIGTERM, then SIGKILL after this. */
  MCP_STDIO_KILL_GRACE_MS: positive(2_000),
  /** A tool whose definition changed: `hold` it back until an operator accepts it (pinning), or `follow` the server. */
  MCP_TOOL_CHANGES: z.enum(['hold', 'follow']).default('hold'),
  /** The pinned definitions an operator accepted; by default beside the servers file (`<file>.lock.json`). */
  MCP_SERVERS_LOCK_FILE: z.string().trim().min(1).optional(),
  /**
   * How long toolgate waits on a client for what its server asked (a 2026-07-28 client's next round
   * of answers) and on a server for a task's result (tasks/result), before it gives up: the wait is a
   * person's, not the server's (MCP_SERVER_TIMEOUT_MS stops while the client is asked).
   */
  MCP_CLIENT_WAIT_MS: z.coerce.number().int().positive().max(3_600_000).default(600_000),
});

export type FederationEnv = z.infer<typeof federationEnvSchema>;

/** What a fronted server's tool list may hold; past any of it the list, or the tool, is left out. */
export interface ListBounds {
  maxBytes: number;
  maxItems: number;
  maxDepth: number;
  maxNameLength: number;
  maxDescriptionLength: number;
}

/** The bounds one connection works within. */
export interface ConnectionBounds {
  timeoutMs: number;
  maxAnswerBytes: number;
  list: ListBounds;
  readBytesPerSecond: number;
  sessionStreamBytesPerSecond: number;
  relistIntervalMs: number;
  killGraceMs: number;
  clientWaitMs: number;
}

export function connectionBoundsOf(env: FederationEnv): ConnectionBounds {
  return {
    timeoutMs: env.MCP_SERVER_TIMEOUT_MS,
    maxAnswerBytes: env.MCP_MAX_ANSWER_BYTES,
    list: {
      maxBytes: env.MCP_LIST_MAX_BYTES,
      maxItems: env.MCP_LIST_MAX_ITEMS,
      maxDepth: env.MCP_LIST_MAX_DEPTH,
      maxNameLength: env.MCP_LIST_MAX_NAME,
      maxDescriptionLength: env.MCP_LIST_MAX_DESCRIPTION,
    },
    readBytesPerSecond: env.MCP_READ_BYTES_PER_SECOND,
    sessionStreamBytesPerSecond: env.MCP_SESSION_STREAM_BYTES_PER_SECOND,
    relistIntervalMs: env.MCP_RELIST_INTERVAL_MS,
    killGraceMs: env.MCP_STDIO_KILL_GRACE_MS,
    clientWaitMs: env.MCP_CLIENT_WAIT_MS,
  };
}

/** The defaults, for tests and callers that set nothing. */
export const DEFAULT_CONNECTION_BOUNDS: ConnectionBounds = connectionBoundsOf(federationEnvSchema.parse({}));
