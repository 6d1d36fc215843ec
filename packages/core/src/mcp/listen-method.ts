import { pino } from 'pino';
import { z } from 'zod';
import type { CallerPolicy } from '../protocol/caller.ts';
import { ErrorCode } from '../protocol/error-codes.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../protocol/json-rpc.ts';
import { Refusal } from '../protocol/refusal.ts';
import { MAX_SUBSCRIPTIONS } from '../streams/session-store.ts';
import type { EventSink } from '../streams/answer-stream.ts';
import type { DispatchContext, PackNotification } from './dispatch-context.ts';
import type { MethodHandler } from './method-entry.ts';
import { subscriptionKey } from './pack-subscriptions.ts';
import type { ListenNames } from './protocol-names.ts';
import { invalidParams } from './request-fault.ts';
import { HandlerContext } from './request-context.ts';
import type { ServedPack } from './served-pack.ts';

/** The `_meta` key naming the listen request each notification of its stream belongs to. */
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

const ListenParams = z.object({
  notifications: z
    .object({
      toolsListChanged: z.boolean().optional(),
      promptsListChanged: z.boolean().optional(),
      resourcesListChanged: z.boolean().optional(),
      resourceSubscriptions: z.array(z.string().max(2_048)).max(MAX_SUBSCRIPTIONS).optional(),
    })
    .loose(),
});
type Requested = z.infer<typeof ListenParams>['notifications'];

/** What lets a stream end's unsubscribes upstream run: the listen request's own signal has aborted by then. */
const STREAM_ENDED: DispatchContext = { dialect: 'modern', requestId: 'listen-ended', signal: new AbortController().signal, logger: pino({ level: 'silent' }) };

/**
 * `subscriptions/listen` (2026-07-28): the answer is a long-lived event stream, the acknowledgment
 * (what is honoured) first, then each notification asked for that the caller may hear, tagged
 * with the listen request's id. List changes are honoured where the endpoint's lists change (its
 * capabilities say `listChanged`); resource subscriptions where the pack offers them and the
 * caller may use its resources (`allowsResources`). Bounded as sessions' GET streams are: at most
 * one waiting per list and per URI however fast changes come or slowly the client reads.
 */
export function listenMethod(names: ListenNames, allowsResources: (policy: CallerPolicy, pack: string) => boolean): MethodHandler {
  return async (request, context, served) => {
    const sink = context.transport?.sink;
    if (!sink?.canStream) {
      throw new Refusal(406, ErrorCode.NotAcceptable, `Not Acceptable: ${request.method} answers with an event stream; send Accept: text/event-stream`);
    }
    const parsed = ListenParams.safeParse(request.params ?? {});
    if (!parsed.success) throw invalidParams(`Invalid params: ${parsed.error.issues[0]?.message ?? 'notifications'} (notifications: { toolsListChanged?, promptsListChanged?, resourcesListChanged?, resourceSubscriptions?: string[] })`);
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const release = served.listens.open(context.caller?.id ?? context.clientId ?? 'anonymous', end);
    if (!release) {
      throw new Refusal(429, ErrorCode.TooManyRequests, `Too Many Requests: at most ${served.listens.limits.perCaller} ${request.method} streams per caller are open at once; close one first`);
    }
    const uris = [...new Set(parsed.data.notifications.resourceSubscriptions ?? [])];
    const held: string[] = [];
    try {
      const honoured = honouredLists(names, parsed.data.notifications, served);
      if (uris.length > 0 && served.content.subscriptions.offered && (!context.caller || allowsResources(context.caller.policy, served.pack.name))) {
        const holding = new HandlerContext(context, request, served.names);
        for (const uri of uris) {
          await served.content.subscriptions.hold(names.subscribe, uri, holding);
          held.push(uri);
        }
        honoured.resourceSubscriptions = held;
      }
      await stream(request, context, served, sink, honoured, names, ended);
    } finally {
      release();
      const letting = new HandlerContext(STREAM_ENDED, request, served.names);
      for (const uri of held) void served.content.subscriptions.release(uri, letting).catch(() => undefined);
    }
    return { jsonrpc: '2.0', id: request.id, result: { resultType: 'complete', _meta: served.facts.modernMeta } };
  };
}

/** The list changes asked for that this endpoint can tell of: its capabilities say its lists change. */
function honouredLists(names: ListenNames, requested: Requested, served: ServedPack): Record<string, unknown> {
  const capabilities = served.facts.capabilities('modern') as Record<string, { listChanged?: unknown } | undefined>;
  const honoured: Record<string, unknown> = {};
  for (const [flag, { capability }] of Object.entries(names.lists)) {
    if (requested[flag as keyof Requested] === true && capabilities[capability]?.listChanged === true) honoured[flag] = true;
  }
  return honoured;
}

async function stream(request: JsonRpcRequest, context: DispatchContext, served: ServedPack, sink: EventSink, honoured: Record<string, unknown>, names: ListenNames, ended: Promise<void>): Promise<void> {
  const tag = { [META_SUBSCRIPTION_ID]: request.id };
  const lists = new Set(Object.entries(names.lists).flatMap(([flag, { method }]) => (honoured[flag] === true ? [method] : [])));
  const uris = new Set(((honoured.resourceSubscriptions as string[] | undefined) ?? []).map((uri) => subscriptionKey(served.pack.name, uri)));
  const policy = context.caller?.policy;
  // One waiting per list and per URI: a change says "ask again", ten say no more than one.
  const pending = new Map<string, PackNotification>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (sink.backedUp) return;
    for (const [key, notification] of pending) {
      pending.delete(key);
      sink.send({ jsonrpc: '2.0', method: notification.method, params: { ...notification.params, _meta: tag } }, false);
    }
  };
  const heard = (notification: PackNotification) => {
    if (notification.listChange) {
      if (!lists.has(notification.method) || (policy && !notification.listChange(policy))) return;
    } else if (notification.subscription === undefined || !uris.has(notification.subscription)) return;
    pending.set(notification.listChange ? notification.method : notification.subscription!, notification.listChange ? { ...notification, params: {} } : notification);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  sink.send({ jsonrpc: '2.0', method: names.acknowledged, params: { notifications: honoured, _meta: tag } }, false);
  sink.onDrain(flush);
  sink.holdOpen(true);
  const stop = served.notifications(heard);
  const aborted = new Promise<void>((resolve) => {
    if (context.signal.aborted) resolve();
    else context.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    await Promise.race([aborted, ended]);
  } finally {
    stop();
    sink.holdOpen(false);
  }
}
