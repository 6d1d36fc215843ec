import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { HttpProblem } from '../http/problem.ts';
import { ErrorCode } from '../mcp/protocol.ts';

/** `response.locals` key holding a verified caller's identity (never the key itself). */
export const CLIENT_KEY_ID = 'clientKeyId';

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** The key a request presents: `Authorization: Bearer …` first, then `X-API-Key`. */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    if (match) return match[1];
  }
  const header = headers['x-api-key'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

function unauthorized(message: string, error?: 'invalid_token'): HttpProblem {
  const challenge = error ? `Bearer realm="toolgate", error="${error}"` : 'Bearer realm="toolgate"';
  return new HttpProblem(401, ErrorCode.ConnectionClosed, message, { headers: { 'www-authenticate': challenge } });
}

/**
 * Requires one of `keys` on every request it guards. Keys are compared as SHA-256 digests
 * with timingSafeEqual, against every configured key without stopping early, so neither
 * the length nor the prefix of a key leaks through response timing.
 */
export function apiKeyAuth(options: {
  keys: readonly string[];
  logger: Logger;
  /** Told of each missing or wrong key before the 401 goes out (the failure limit). */
  onRejected?: (request: Request, response: Response) => Promise<void>;
}) {
  if (options.keys.length === 0) throw new Error('apiKeyAuth needs at least one key');
  // The id names a key in logs and rate-limit counters without revealing it.
  const known = options.keys.map((key) => {
    const digest = sha256(key);
    return { digest, id: `key-${digest.subarray(0, 6).toString('hex')}` };
  });

  const reject = (request: Request, response: Response, next: NextFunction, problem: HttpProblem): void => {
    if (!options.onRejected) return next(problem);
    options.onRejected(request, response).then(
      () => next(problem),
      () => next(problem),
    );
  };

  return function apiKeyAuthMiddleware(request: Request, response: Response, next: NextFunction): void {
    const key = presentedKey(request.headers);
    if (key === undefined) {
      reject(request, response, next, unauthorized('Unauthorized: send an API key as "Authorization: Bearer <key>" or "X-API-Key: <key>"'));
      return;
    }
    const digest = sha256(key);
    let match: string | undefined;
    for (const candidate of known) {
      if (timingSafeEqual(candidate.digest, digest) && match === undefined) match = candidate.id;
    }
    if (match === undefined) {
      // Debug: a guesser would otherwise write one info line per attempt (the failure limit warns once).
      options.logger.debug({ requestId: response.locals.requestId, ip: request.ip }, 'rejected an unknown API key');
      reject(request, response, next, unauthorized('Unauthorized: the API key is not valid', 'invalid_token'));
      return;
    }
    response.locals[CLIENT_KEY_ID] = match;
    next();
  };
}
