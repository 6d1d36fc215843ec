import type { ServerResponse } from 'node:http';

/** Where notifications and questions about one request go: its answer's event stream, when it can have one. */
export interface EventSink {
  /** Whether this answer may become an event stream (the client accepts one, the request is not in a batch). */
  readonly canStream: boolean;
  /** Whether it has become one (something was sent before the result). */
  readonly streaming: boolean;
  /**
   * Sends one JSON-RPC message as an event, switching the answer to an event stream first.
   * A droppable message (progress, a log line) is dropped rather than queued when the client reads
   * slower than it is sent, or past the per-request bound. False when nothing was sent.
   */
  send(message: object, droppable: boolean): boolean;
  /** While the request waits on the client, a comment every few seconds keeps proxies from closing the stream. */
  holdOpen(waiting: boolean): void;
  /** Whether the client reads slower than it is sent: what is not droppable waits for `onDrain`. */
  readonly backedUp: boolean;
  /** Called each time a backed-up stream drains. */
  onDrain(listener: () => void): void;
}

/** Notifications one request may send before the rest are dropped: a fronted server cannot flood a client through us. */
export const MAX_EVENTS_PER_ANSWER = 1_000;
const KEEP_ALIVE_MS = 15_000;

/**
 * One request's answer, JSON until something must reach the client before the result: then it
 * becomes an SSE stream (`event: message`), carries the notifications and the server's own
 * requests, and ends with the result. An answer that sends nothing first is written exactly as
 * before, so an ordinary call pays nothing for the possibility.
 */
export class AnswerStream implements EventSink {
  readonly canStream: boolean;
  #response: ServerResponse;
  #streaming = false;
  #events = 0;
  #keepAlive: NodeJS.Timeout | undefined;
  #waiting = 0;

  constructor(response: ServerResponse, canStream: boolean) {
    this.#response = response;
    this.canStream = canStream;
  }

  get streaming(): boolean {
    return this.#streaming;
  }

  send(message: object, droppable: boolean): boolean {
    const response = this.#response;
    if (!this.canStream || response.writableEnded || response.destroyed) return false;
    if (droppable && (this.#events >= MAX_EVENTS_PER_ANSWER || (this.#streaming && response.writableNeedDrain))) return false;
    if (!this.#streaming) this.#open();
    this.#events += 1;
    response.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    return true;
  }

  holdOpen(waiting: boolean): void {
    this.#waiting += waiting ? 1 : -1;
    if (this.#waiting > 0 && !this.#keepAlive && this.#streaming) {
      this.#keepAlive = setInterval(() => {
        if (!this.#response.writableEnded) this.#response.write(': keep-alive\n\n');
      }, KEEP_ALIVE_MS);
      this.#keepAlive.unref();
    } else if (this.#waiting <= 0) this.#stopKeepAlive();
  }

  get backedUp(): boolean {
    return this.#streaming && this.#response.writableNeedDrain;
  }

  onDrain(listener: () => void): void {
    this.#response.on('drain', listener);
  }

  /** Ends a streaming answer with its final message (already serialised). */
  finish(body: string): void {
    this.#stopKeepAlive();
    this.#response.end(`event: message\ndata: ${body}\n\n`);
  }

  #open(): void {
    this.#streaming = true;
    const response = this.#response;
    response.statusCode = 200;
    response.setHeader('content-type', 'text/event-stream');
    response.setHeader('cache-control', 'no-cache, no-transform');
    response.setHeader('x-accel-buffering', 'no');
    response.flushHeaders();
    response.once('close', () => this.#stopKeepAlive());
  }

  #stopKeepAlive(): void {
    clearInterval(this.#keepAlive);
    this.#keepAlive = undefined;
  }
}

/** An answer that cannot stream (a batch member, a client that accepts only JSON): every send is dropped. */
export const NO_STREAM: EventSink = { canStream: false, streaming: false, send: () => false, holdOpen: () => {}, backedUp: false, onDrain: () => {} };
