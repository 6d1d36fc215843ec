import { resultResponse, type JsonRpcRequest, type JsonRpcResponse } from '../protocol/json-rpc.ts';
import { LATEST_LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS, isLegacyVersion } from '../protocol/revisions.ts';
import { cacheableResult, type ServedPack } from './served-pack.ts';

/**
 * The handshake, written once for every endpoint (a pack's own and `/mcp`): each answers from its
 * own server facts. The table (method-table.ts) says which dialect has which.
 */

/** 2025-era: the client's revision when this server speaks it, else the latest; no session is kept. */
export function initialize(request: JsonRpcRequest, _context: unknown, served: ServedPack): JsonRpcResponse {
  const requested = request.params?.protocolVersion;
  const protocolVersion = typeof requested === 'string' && isLegacyVersion(requested) ? requested : LATEST_LEGACY_PROTOCOL_VERSION;
  const { serverInfo, instructions } = served.facts;
  return resultResponse(request.id, { protocolVersion, capabilities: served.facts.capabilities('legacy'), serverInfo, ...instructions });
}

export function ping(request: JsonRpcRequest): JsonRpcResponse {
  return resultResponse(request.id, {});
}

/** 2026-07-28: serverInfo travels in `_meta`; the discover result itself has no such field. */
export function discover(request: JsonRpcRequest, _context: unknown, served: ServedPack): JsonRpcResponse {
  const { instructions } = served.facts;
  return resultResponse(request.id, cacheableResult(served, { supportedVersions: [...MODERN_PROTOCOL_VERSIONS], capabilities: served.facts.capabilities('modern'), ...instructions }));
}
