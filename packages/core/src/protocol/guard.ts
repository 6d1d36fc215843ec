import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Refusal } from './refusal.ts';
import type { RequestState } from './request-state.ts';

/**
 * A check an MCP request passes before its body is read (auth, limits): the refusal to answer
 * with, or nothing to let it on. It may set response headers (rate-limit counts) and fill in the
 * request's state (who the caller is). Synchronous when it can be: a guard that needs no I/O
 * costs the request no promise.
 */
export type Guard = (request: IncomingMessage, response: ServerResponse, state: RequestState) => Refusal | undefined | Promise<Refusal | undefined>;
