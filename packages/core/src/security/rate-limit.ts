import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { CountingLimiter } from '../redis/fallback-limiter.ts';
import { HttpProblem } from '../http/problem.ts';
import { ErrorCode } from '../mcp/protocol.ts';
import { CLIENT_KEY_ID } from './api-key-auth.ts';
import { CHARGE_MORE, type ChargeMore } from './batch-cost.ts';

const SOCKET_CLIENT_ID = Symbol('toolgate.socketClientId');

/**
 * Who a request counts against: the verified API key when auth is on, else the client IP
 * (`request.ip`, which honours X-Forwarded-For only from trusted proxies). An unverified
 * key is never used: anyone could mint a fresh one per request and dodge the limit.
 */
export function clientIdOf(request: Request, response: Response): string {
  const keyId = response.locals[CLIENT_KEY_ID];
  return typeof keyId === 'string' ? keyId : addressIdOf(request);
}

/** The client address as a counter key: `request.ip` (trusted proxies honoured), else the socket's peer. */
export function addressIdOf(request: Request): string {
  const ip = request.ip;
  if (ip !== undefined) return `ip-${ip}`;
  // Without Express's request API (the MCP lane with no guards and no trusted proxy) the client
  // is the socket's peer: one id per connection, made once, so each call hashes no new string.
  const socket = request.socket as Socket & { [SOCKET_CLIENT_ID]?: string };
  return (socket[SOCKET_CLIENT_ID] ??= `ip-${socket.remoteAddress ?? 'unknown'}`);
}

function limitHeaders(limit: number, result: RateLimiterRes): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, result.remainingPoints)),
    'ratelimit-reset': String(Math.ceil(result.msBeforeNext / 1000)),
  };
}

function tooMany(limit: number, rejection: RateLimiterRes, batch?: number): HttpProblem {
  const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  const what = batch === undefined ? '' : ` (a batch of ${batch} messages costs ${batch})`;
  const message = `Too Many Requests: the limit is ${limit} requests per minute${what}; retry after ${retryAfter} s`;
  return new HttpProblem(429, ErrorCode.TooManyRequests, message, {
    headers: { ...limitHeaders(limit, rejection), 'retry-after': String(retryAfter) },
  });
}

/**
 * Counts every guarded request (every message of a batch: see batch-cost.ts) against its
 * client in `limiter` (in memory, or Redis shared by every replica) and answers 429 with
 * Retry-After once the client's budget is spent.
 * If the store itself fails the request passes: an outage of the counter store must not
 * take the gateway down with it (the Redis limiter is also given an in-memory fallback).
 */
export function rateLimit(options: { limiter: CountingLimiter; limit: number; logger: Logger }) {
  const { limiter, limit, logger } = options;
  const storeFailed = (rejection: unknown, response: Response) =>
    logger.warn({ err: rejection, requestId: response.locals.requestId }, 'rate-limit store failed; letting the request through');

  return async function rateLimitMiddleware(request: Request, response: Response, next: NextFunction): Promise<void> {
    const client = clientIdOf(request, response);
    try {
      const result = await limiter.consume(client);
      response.set(limitHeaders(limit, result));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        storeFailed(rejection, response);
        return next();
      }
      return next(tooMany(limit, rejection));
    }
    const chargeMore: ChargeMore = async (points, messages) => {
      try {
        response.set(limitHeaders(limit, await limiter.consume(client, points)));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) return storeFailed(rejection, response);
        throw tooMany(limit, rejection, messages);
      }
    };
    response.locals[CHARGE_MORE] = chargeMore;
    next();
  };
}
