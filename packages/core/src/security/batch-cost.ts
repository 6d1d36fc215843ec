import type { Response } from 'express';

/**
 * `response.locals` key of the rate limiter's "charge this request more" hook. The limiter runs
 * before the body is read, so it charges one point; the MCP route, once it knows how many
 * messages a batch holds, charges the rest: every message costs a point.
 */
export const CHARGE_MORE = 'chargeMore';

/** Spends `points` more of the client's budget; rejects with a 429 HttpProblem when it runs out. */
export type ChargeMore = (points: number, messages: number) => Promise<void>;

export async function chargeBatch(response: Response, messages: number): Promise<void> {
  const charge = response.locals[CHARGE_MORE] as ChargeMore | undefined;
  if (charge && messages > 1) await charge(messages - 1, messages);
}
