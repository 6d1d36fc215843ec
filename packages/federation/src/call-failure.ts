import { ErrorCode as SdkErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AnswerTooLargeError } from './bounded-fetch.ts';
import { CallAbandonedError, RemoteRpcError } from './remote-errors.ts';

/** What a failed forwarded call means for the caller and for the session. */
export type CallFailure =
  | { kind: 'timeout' }
  | { kind: 'cancelled' }
  /** The server answered with a JSON-RPC error: its words, whatever its code. The session stays. */
  | { kind: 'refused'; message: string }
  /** The answer passed a read bound: refused, the session stays. */
  | { kind: 'too-large'; message: string }
  /** The transport failed: the server is gone or the child died. The session is dropped. */
  | { kind: 'transport' };

/**
 * Reads a call's failure. A server's JSON-RPC error is the server's, whatever its code: -32000, a
 * common generic error, is also the SDK's code for a connection it saw close, so the code alone
 * cannot tell them apart (issue 37: a server's -32000 dropped the session). The SDK's own
 * "Connection closed" comes only once its transport is gone; while the transport is open, an
 * McpError is what the server sent.
 */
export function classifyCallFailure(error: unknown, transportOpen: boolean): CallFailure {
  if (error instanceof RemoteRpcError) return { kind: 'refused', message: error.message };
  if (error instanceof AnswerTooLargeError) return { kind: 'too-large', message: error.message };
  if (error instanceof CallAbandonedError) return error.timedOut ? { kind: 'timeout' } : { kind: 'cancelled' };
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'cancelled' };
  if (error instanceof McpError) {
    if (error.code === SdkErrorCode.RequestTimeout && isSdkTimeout(error)) return { kind: 'timeout' };
    if (error.code === SdkErrorCode.ConnectionClosed && !transportOpen) return { kind: 'transport' };
    // The SDK prefixes "MCP error <code>: "; the server's own words follow.
    return { kind: 'refused', message: error.message.replace(/^MCP error -?\d+: /, '') };
  }
  return { kind: 'transport' };
}

/** The SDK's own timeout carries the bound it waited for; a server's -32001 does not. */
function isSdkTimeout(error: McpError): boolean {
  return typeof (error.data as { timeout?: unknown } | undefined)?.timeout === 'number';
}
