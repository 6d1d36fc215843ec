import type { NextFunction, Request, Response } from 'express';
import { HttpProblem } from '../http/problem.ts';
import { ErrorCode } from '../mcp/protocol.ts';
import { CALLER, type Caller } from './policy/caller.ts';
import { requestIdOfBody } from './request-id-of-body.ts';

/**
 * A pack's own endpoint refuses a caller whose policy grants nothing in the pack: 403 with a
 * JSON-RPC body echoing the call's id. Runs after auth (which sets the Caller); without one
 * (an open gateway) every pack is served. Tools within a pack are filtered by caller-policy.ts.
 */
export function packAccess(pack: string) {
  return function packAccessGuard(request: Request, response: Response, next: NextFunction): void | Promise<void> {
    const caller = response.locals[CALLER] as Caller | undefined;
    if (!caller || caller.policy.allowsPack(pack)) return next();
    return requestIdOfBody(request).then((id) =>
      next(new HttpProblem(403, ErrorCode.Forbidden, `Forbidden: the pack ${pack} is not allowed for this ${caller.kind}`, { id, data: { pack } })),
    );
  };
}
