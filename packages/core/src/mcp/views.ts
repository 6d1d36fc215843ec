import type { JsonRpcRequest, JsonRpcResponse } from '../protocol/json-rpc.ts';
import type { DispatchContext, Dispatcher } from './dispatch-context.ts';
import type { MethodView } from './method-entry.ts';

/**
 * An endpoint's dispatcher seen through a view (`?view=<name>`): the view's methods are answered by
 * its handlers, which may ask `base` (the endpoint's own dispatcher, caller policy included); every
 * other method by `base` itself.
 */
export function withView(base: Dispatcher, view: MethodView): Dispatcher {
  return {
    pack: base.pack,
    sessions: base.sessions,
    handle(request: JsonRpcRequest, context: DispatchContext): Promise<JsonRpcResponse> {
      const handler = view.methods.get(request.method);
      return handler ? handler(request, context, base) : base.handle(request, context);
    },
  };
}
