import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { NotificationGate } from './notification-gate.ts';
import type { ReadRate } from './read-rate.ts';
import { SseSplitter } from './sse-splitter.ts';

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
export interface BoundedFetchOptions {
  /** Which notifications reach the SDK (notification-gate.ts). */
  gate?: NotificationGate | undefined;
  /** MCP_READ_BYTES_PER_SECOND: a body is read no faster (the stream waits, and so does the server). */
  rate?: ReadRate | undefined;
  /**
   * MCP_SESSION_STREAM_BYTES_PER_SECOND: the session's own event stream (the GET the SDK keeps open
   * for the server's notifications and requests) is read no faster still: it carries a few messages
   * a second, and a storm on it costs a read of every message however many the gate drops.
   */
  sessionRate?: ReadRate | undefined;
}

export function boundedFetch(maxBytes: number, { gate, rate, sessionRate }: BoundedFetchOptions = {}, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const rates = (init?.method ?? 'GET').toUpperCase() === 'GET' ? [rate, sessionRate] : [rate];
    const response = await base(url, init);
    if (!response.body || response.status < 200 || response.status > 599) return response;
    const events = (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
    const tooLarge = () =>
      new AnswerTooLargeError(events ? `the server sent an event larger than ${maxBytes} bytes` : `the server's answer is larger than ${maxBytes} bytes`);
    const body = response.body.pipeThrough(events ? gatedEvents(maxBytes, tooLarge, gate, rates) : totalBound(maxBytes, tooLarge, rates));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * Resolves once the rate lets `bytes` more be read, and in a later turn of the event loop either
 * way: a transform that returns it holds the stream back. Web streams pass chunks on through
 * promises, so without a turn of its own each, a burst of chunks (a storm of notifications) is
 * all read in one turn, however long it takes, while /healthz and every call wait.
 */
async function paced(rates: readonly (ReadRate | undefined)[], bytes: number): Promise<void> {
  const wait = Math.max(0, ...rates.map((rate) => rate?.take(bytes) ?? 0));
  await (wait > 0 ? sleep(wait) : setImmediate());
}

function totalBound(maxBytes: number, tooLarge: () => Error, rates: readonly (ReadRate | undefined)[]): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) return void controller.error(tooLarge());
      controller.enqueue(chunk);
      return paced(rates, chunk.byteLength);
    },
  });
}

const BLANK_LINE = Buffer.from('\n');

/**
 * An event stream, bounded per event and passed on event by event: each event that the gate
 * (notification-gate.ts) holds back never reaches the SDK's reader.
 */
function gatedEvents(maxBytes: number, tooLarge: () => Error, gate: NotificationGate | undefined, rates: readonly (ReadRate | undefined)[]): TransformStream<Uint8Array, Uint8Array> {
  let overflowed = false;
  let passed: Buffer[] = [];
  const events = new SseSplitter({
    maxEventBytes: maxBytes,
    onEvent: (event) => {
      // The whole event's text is enough for the gate (SSE's own fields hold no quoted keys), and cheaper than its data.
      if (!gate || gate.admits(event.toString('latin1'))) passed.push(event, BLANK_LINE);
    },
    onOverflow: () => (overflowed = true),
  });
  return new TransformStream({
    transform(chunk, controller) {
      events.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if (overflowed) return void controller.error(tooLarge());
      if (passed.length > 0) controller.enqueue(Buffer.concat(passed));
      passed = [];
      return paced(rates, chunk.byteLength);
    },
  });
}
