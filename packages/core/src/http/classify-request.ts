import type { IncomingHttpHeaders } from 'node:http';
import { classifyMessage, type IncomingMessage, type JsonRpcId } from '../protocol/json-rpc.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { LEGACY_PROTOCOL_VERSIONS, META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS, isLegacyVersion, isModernVersion } from '../protocol/revisions.ts';
import type { MethodTable } from '../mcp/method-entry.ts';
import { METHODS } from '../mcp/method-table.ts';
import { Refusal } from '../protocol/refusal.ts';

export type ClassifiedBody =
  | { dialect: 'legacy'; batch: boolean; messages: IncomingMessage[] }
  | { dialect: 'modern'; message: IncomingMessage };

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function envelopeVersion(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const params = (value as { params?: unknown }).params;
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  return (meta as Record<string, unknown>)[META_PROTOCOL_VERSION];
}

function idOf(message: IncomingMessage): JsonRpcId | null {
  if (message.kind === 'request') return message.message.id;
  if (message.kind === 'invalid') return message.id;
  return null;
}

function mismatch(id: JsonRpcId | null, header: string | undefined, body: string): Refusal {
  const message = `Bad Request: the request headers and body disagree: ${body}`;
  return new Refusal(400, ErrorCode.HeaderMismatch, message, { id, data: { mismatch: { header: header ?? '(missing)', body } } });
}

/**
 * Decides which dialect a POST speaks and rejects what neither accepts. The body decides
 * (a `_meta` protocol-version claim means 2026-07-28); headers are cross-checked against it.
 */
export function classifyRequest(body: unknown, headers: IncomingHttpHeaders, methods: MethodTable = METHODS): ClassifiedBody {
  const versionHeader = headerValue(headers, 'mcp-protocol-version');

  if (Array.isArray(body)) {
    if (body.length === 0) throw new Refusal(400, ErrorCode.InvalidRequest, 'Bad Request: empty JSON-RPC batch');
    const messages = body.map(classifyMessage);
    if (body.some((element) => envelopeVersion(element) !== undefined)) {
      throw new Refusal(400, ErrorCode.InvalidRequest, 'Bad Request: JSON-RPC batches may not contain requests for protocol revision 2026-07-28 or later');
    }
    if (messages.some((message) => message.kind === 'invalid')) {
      throw new Refusal(400, ErrorCode.InvalidRequest, 'Bad Request: JSON-RPC batch contains an invalid message');
    }
    checkLegacyVersionHeader(versionHeader);
    return { dialect: 'legacy', batch: true, messages };
  }

  const message = classifyMessage(body);
  if (message.kind === 'invalid') {
    throw new Refusal(400, ErrorCode.InvalidRequest, 'Bad Request: the request body is not a valid JSON-RPC message', { id: message.id });
  }
  const claim = envelopeVersion(body);
  const id = idOf(message);

  if (claim === undefined) {
    if (versionHeader !== undefined && isModernVersion(versionHeader) && message.kind === 'request') {
      throw new Refusal(
        400,
        ErrorCode.InvalidParams,
        `Invalid params: the MCP-Protocol-Version header names protocol revision ${versionHeader}, but the request is missing the required per-request envelope key(s): _meta`,
        { id, data: { envelope: { missing: ['_meta'] } } },
      );
    }
    if (versionHeader !== undefined && isModernVersion(versionHeader)) return { dialect: 'modern', message };
    checkLegacyVersionHeader(versionHeader);
    return { dialect: 'legacy', batch: false, messages: [message] };
  }

  if (typeof claim !== 'string') {
    throw new Refusal(400, ErrorCode.InvalidParams, `Invalid _meta envelope: ${META_PROTOCOL_VERSION} must be a string`, {
      id,
      data: { envelope: { key: META_PROTOCOL_VERSION, problem: 'not a string' } },
    });
  }
  // The SDK's order, which the conformance suite checks: a header that contradicts the
  // envelope is a mismatch even when the envelope names a revision nobody serves.
  if (versionHeader !== undefined && versionHeader !== claim) {
    throw mismatch(id, versionHeader, `the body envelope names protocol version ${claim} but the MCP-Protocol-Version header names ${versionHeader}`);
  }
  if (!isModernVersion(claim)) {
    throw new Refusal(400, ErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${claim}`, {
      id,
      data: { supported: [...MODERN_PROTOCOL_VERSIONS], requested: claim },
    });
  }
  if (versionHeader === undefined) {
    throw mismatch(id, versionHeader, `the body envelope names protocol version ${claim} but the required MCP-Protocol-Version header is absent`);
  }
  if (message.kind === 'request') checkModernRequestHeaders(message.message, headers, id, methods);
  return { dialect: 'modern', message };
}

function checkModernRequestHeaders(
  request: { method: string; params?: Record<string, unknown> },
  headers: IncomingHttpHeaders,
  id: JsonRpcId | null,
  methods: MethodTable,
): void {
  const meta = request.params?._meta as Record<string, unknown>;
  const capabilities = meta[META_CLIENT_CAPABILITIES];
  if (typeof capabilities !== 'object' || capabilities === null) {
    throw new Refusal(
      400,
      ErrorCode.InvalidParams,
      `Invalid _meta envelope for protocol revision 2026-07-28: ${META_CLIENT_CAPABILITIES}: missing`,
      { id, data: { envelope: { key: META_CLIENT_CAPABILITIES, problem: 'missing' } } },
    );
  }
  const methodHeader = headerValue(headers, 'mcp-method');
  if (methodHeader === undefined) {
    throw mismatch(id, methodHeader, `the body names method ${request.method} but the required Mcp-Method header is absent`);
  }
  if (methodHeader !== request.method) {
    throw mismatch(id, methodHeader, `the body names method ${request.method} but the Mcp-Method header names ${methodHeader}`);
  }
  // The methods whose table entry names a param the Mcp-Name header repeats (tools/call's `name`).
  const param = methods.find(request.method, 'modern')?.nameParam;
  const name = param === undefined ? undefined : request.params?.[param];
  if (typeof name === 'string') {
    const nameHeader = headerValue(headers, 'mcp-name');
    if (nameHeader === undefined) {
      throw mismatch(id, nameHeader, `the body carries params.${param}=${JSON.stringify(name)} but the required Mcp-Name header is absent`);
    }
    if (nameHeader !== name) {
      throw mismatch(id, nameHeader, `the body carries params.${param}=${JSON.stringify(name)} but the Mcp-Name header names ${JSON.stringify(nameHeader)}`);
    }
  }
}

function checkLegacyVersionHeader(versionHeader: string | undefined): void {
  if (versionHeader === undefined || isLegacyVersion(versionHeader)) return;
  throw new Refusal(
    400,
    ErrorCode.UnsupportedProtocolVersion,
    `Bad Request: Unsupported protocol version: ${versionHeader} (supported versions: ${[...LEGACY_PROTOCOL_VERSIONS].join(', ')})`,
  );
}
