import type { IncomingMessage } from 'node:http';
import { readJsonBody } from '../http/read-json-body.ts';
import { jsonRpcIdOf, type JsonRpcId } from '../protocol/json-rpc.ts';

/** Enough for any single JSON-RPC request a client sends; a larger body gets id null. */
const LIMIT_BYTES = 65_536;
/** A refused caller's body gets little patience: a stalled one is answered with id null. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * The JSON-RPC id of a request the gateway turns away before reading it (a 401), so the
 * client can match the error to its call. Null for a batch, a notification or a body that
 * does not parse: JSON-RPC's id for "unknown".
 */
export async function jsonRpcIdOfBody(request: IncomingMessage): Promise<JsonRpcId | null> {
  if (request.method !== 'POST') return null;
  try {
    return jsonRpcIdOf(await readJsonBody(request, LIMIT_BYTES, IDLE_TIMEOUT_MS));
  } catch {
    return null;
  }
}
