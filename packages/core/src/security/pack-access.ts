import type { Guard } from '../protocol/guard.ts';
import { Refusal } from '../protocol/refusal.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { jsonRpcIdOfBody } from './json-rpc-id-of-body.ts';

/**
 * A pack's own endpoint refuses a caller whose policy grants nothing in the pack: 403 with a
 * JSON-RPC body echoing the call's id. Runs after auth (which sets the Caller); without one
 * (an open gateway) every pack is served. Tools within a pack are filtered by caller-policy.ts.
 */
export function packAccess(pack: string): Guard {
  return function checkPackAccess(request, _response, { caller }) {
    if (!caller || caller.policy.allowsPack(pack)) return undefined;
    return jsonRpcIdOfBody(request).then((id) => new Refusal(403, ErrorCode.Forbidden, `Forbidden: the pack ${pack} is not allowed for this ${caller.kind}`, { id, data: { pack }, reason: { kind: 'policy', reason: 'pack_not_allowed' } }));
  };
}
