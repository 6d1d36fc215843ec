/** MCP's revisions and the `_meta` keys toolgate reads and writes: facts shared by every dialect it serves. */

/**
 * How a request speaks: `legacy` for the 2025-era revisions (and the spec's bare call), `modern`
 * for 2026-07-28's per-request envelope. Decided per request (http/classify-request.ts).
 */
export type Dialect = 'legacy' | 'modern';

/** 2025-era revisions, newest first: negotiated by `initialize`. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;
export const LATEST_LEGACY_PROTOCOL_VERSION = LEGACY_PROTOCOL_VERSIONS[0];

/** Revisions that carry the per-request envelope instead of a handshake. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
/** toolgate's own `_meta` keys on a tools/call result (docs/protocol.md, "Budget and freshness"). */
export const META_BUDGET = 'dev.toolgate/budget';
export const META_CACHE = 'dev.toolgate/cache';

export function isLegacyVersion(version: string): boolean {
  return (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

export function isModernVersion(version: string): boolean {
  return (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}
