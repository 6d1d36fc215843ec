import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { CountingLimiter } from '../redis/fallback-limiter.ts';
import type { Guard } from '../protocol/guard.ts';
import { Refusal } from '../protocol/refusal.ts';
import type { RequestState } from '../protocol/request-state.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { jsonRpcIdOfBody } from './json-rpc-id-of-body.ts';

export interface AuthFailureLimit {
  /** Runs before auth: an address that spent its failures gets 429, its key unchecked. */
  guard: Guard;
  /** Called by auth for each missing or wrong key. */
  record(request: IncomingMessage, state: RequestState): Promise<void>;
}

/**
 * Failed authentications per client address (AUTH_FAILURES_PER_MINUTE), so guessing keys is
 * not free. Once an address has failed `limit` times in the window, every request from it is
 * refused until the window ends, even one with a good key: checking the key would tell a
 * guesser when it hit. A store failure lets requests through, as the request limit does.
 */
export function authFailureLimit(options: { limiter: CountingLimiter; limit: number; logger: Logger }): AuthFailureLimit {
  const { limiter, limit, logger } = options;
  return {
    async guard(request, _response, state) {
      const spent = await limiter.get(state.addressId).catch(() => null);
      if (!spent || spent.consumedPoints < limit) return undefined;
      const retryAfter = Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
      // The refused call's id, as the 401s before it give: the client matches the error to its call.
      return new Refusal(429, ErrorCode.TooManyRequests, `Too Many Requests: ${limit} failed authentications from this address; retry after ${retryAfter} s`, {
        id: await jsonRpcIdOfBody(request),
        headers: { 'retry-after': String(retryAfter) },
        reason: { kind: 'auth', reason: 'too_many_failures' },
      });
    },
    async record(_request, state) {
      const spent = await limiter.penalty(state.addressId, 1).catch(() => null);
      // One line when an address is shut out, not one per wrong key.
      if (spent?.consumedPoints === limit) {
        logger.warn({ requestId: state.requestId, client: state.addressId, failures: limit }, 'refusing an address after repeated failed authentications');
      }
    },
  };
}
