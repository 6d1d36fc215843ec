import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { NotificationGate } from './notification-gate.ts';
import { eventData, SseSplitter } from './sse-splitter.ts';

/** A server's answer passed a read bound: the reader stopped there. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

/**
 * The fetch the SDK's Streamable HTTP transport is given: every body it reads from the server is
 * bounded while it arrives. A JSON body (initialize, a page of tools/list, an error) is cut past
 * `maxBytes`; an event stream (the session's GET stream, an answer sent as events) past `maxBytes`
 * in one event, however long the stream runs. The SDK's own reader holds a whole body, or a whole
 * event, however large. Events a `gate` holds back (a storm of notifications) are not passed on.
 */
export function boundedFetch(maxBytes: number, gate?: NotificationGate, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body || response.status < 200 || response.status > 599) return response;
    const events = (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
    const tooLarge = () =>
      new AnswerTooLargeError(events ? `the server sent an event larger than ${maxBytes} bytes` : `the server's answer is larger than ${maxBytes} bytes`);
    const body = response.body.pipeThrough(events ? gatedEvents(maxBytes, tooLarge, gate) : totalBound(maxBytes, tooLarge));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function totalBound(maxBytes: number, tooLarge: () => Error): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
}

const BLANK_LINE = Buffer.from('\n');

/**
 * An event stream, bounded per event and passed on event by event: each event that the gate
 * (notification-gate.ts) holds back never reaches the SDK's reader.
 */
function gatedEvents(maxBytes: number, tooLarge: () => Error, gate: NotificationGate | undefined): TransformStream<Uint8Array, Uint8Array> {
  let overflowed = false;
  let passed: Buffer[] = [];
  const events = new SseSplitter({
    maxEventBytes: maxBytes,
    onEvent: (event) => {
      if (!gate || gate.admits(messageOf(event))) passed.push(event, BLANK_LINE);
    },
    onOverflow: () => (overflowed = true),
  });
  return new TransformStream({
    transform(chunk, controller) {
      events.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if (overflowed) return controller.error(tooLarge());
      if (passed.length > 0) controller.enqueue(Buffer.concat(passed));
      passed = [];
    },
  });
}

/** The JSON-RPC message an event carries, parsed; undefined when it carries none (a comment, a retry). */
function messageOf(event: Buffer): unknown {
  const data = eventData(event);
  if (data === undefined) return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}
