import type { CallerPolicy } from '../protocol/caller.ts';
import type { Guard } from '../protocol/guard.ts';
import type { Pack } from '../pack.ts';
import { Refusal } from '../protocol/refusal.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import { jsonRpcIdOfBody } from './json-rpc-id-of-body.ts';

/**
 * A pack's own endpoint refuses a caller whose policy grants nothing in the pack: 403 with a
 * JSON-RPC body echoing the call's id. Runs after auth (which sets the Caller); without one
 * (an open gateway) every pack is served. Tools within a pack are filtered by caller-policy.ts.
 * A grant of single tools counts only for a tool the pack has (`chain/get_balance` names none);
 * a fronted server's tools are known at run time only, so any grant in it counts.
 */
export function packAccess(served: Pick<Pack, 'name' | 'tools' | 'remoteTools'>): Guard {
  const pack = served.name;
  const grantsSomething = (policy: CallerPolicy) =>
    policy.allowsPack(pack) && (policy.allowsPackContent(pack) || served.remoteTools !== undefined || served.tools.some((tool) => policy.allowsTool(pack, tool.name)));
  return function checkPackAccess(request, _response, { caller }) {
    if (!caller || grantsSomething(caller.policy)) return undefined;
    return jsonRpcIdOfBody(request).then((id) => new Refusal(403, ErrorCode.Forbidden, `Forbidden: the pack ${pack} is not allowed for this ${caller.kind}`, { id, data: { pack }, reason: { kind: 'policy', reason: 'pack_not_allowed' } }));
  };
}
