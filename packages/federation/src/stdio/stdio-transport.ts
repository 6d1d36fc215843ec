import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { NotificationGate } from '../notification-gate.ts';
import { throttle, type ReadRate } from '../read-rate.ts';
import { LineSplitter } from './line-splitter.ts';
import { spawnInGroup, type ProcessGroup } from './process-group.ts';
import { StderrLog } from './stderr-log.ts';

/** The server broke the stdio protocol (an overlong line): it cannot be trusted with the next answer. */
export class ServerOutputError extends Error {
  override readonly name = 'ServerOutputError';
}

export interface StdioTransportOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string | undefined;
  /** The longest line read from stdout: one JSON-RPC message. */
  maxMessageBytes: number;
  /** SIGTERM to SIGKILL when the child is stopped. */
  graceMs: number;
  stderr: StderrLog;
  /** Which notifications reach the SDK client (notification-gate.ts). */
  gate?: NotificationGate;
  /** MCP_READ_BYTES_PER_SECOND: stdout and stderr together are read no faster (the child waits on its pipe). */
  readRate?: ReadRate | undefined;
}

/**
 * The client side of MCP's stdio transport, in place of the SDK's: the child runs in a process
 * group of its own that is ended whole (process-group.ts), and stdout and stderr are read in time
 * linear in what arrives, never holding more than one bounded line each (line-splitter.ts). The
 * SDK's reader joined every chunk to the buffer and searched it from the start (quadratic), and
 * its stderr was the caller's to bound.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #options: StdioTransportOptions;
  #group: ProcessGroup | undefined;
  #closed = false;
  #stopping: Promise<void> | undefined;
  #stdout: LineSplitter | undefined;

  constructor(options: StdioTransportOptions) {
    this.#options = options;
  }

  /** The child's process group (its leader's pid), once started. */
  get pid(): number | undefined {
    return this.#group?.child.pid;
  }

  /** Bytes held from stdout for a message not yet finished. */
  get buffered(): number {
    return this.#stdout?.buffered ?? 0;
  }

  start(): Promise<void> {
    const { command, args, env, cwd, graceMs, maxMessageBytes, stderr } = this.#options;
    const group = spawnInGroup({ command, args, env, cwd, graceMs });
    this.#group = group;
    const { child } = group;
    this.#stdout = new LineSplitter({
      maxLineBytes: maxMessageBytes,
      onLine: (line) => this.#receive(line),
      onOverflow: () => this.#fail(new ServerOutputError(`the server wrote a line longer than ${maxMessageBytes} bytes to stdout`)),
    });
    const stdout = this.#stdout;
    const { readRate } = this.#options;
    child.stdout!.on('data', (chunk: Buffer) => {
      throttle(child.stdout!, readRate, chunk.length);
      stdout.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      throttle(child.stderr!, readRate, chunk.length);
      stderr.push(chunk);
    });
    child.stdin!.on('error', (error) => this.onerror?.(error));
    child.once('exit', () => void this.close());
    return new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
    });
  }

  #receive(line: Buffer): void {
    if (this.#closed) return;
    const text = line.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      // Gated before it is parsed and checked: those are most of the cost of a message.
      if (this.#options.gate && !this.#options.gate.admits(text)) return;
      message = JSONRPCMessageSchema.parse(JSON.parse(text));
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  #fail(error: Error): void {
    this.onerror?.(error);
    void this.close();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#group?.child.stdin;
    if (!stdin || this.#closed) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /**
   * Says it closed at once (calls in flight fail now, not after the grace), and ends the child's
   * whole group: SIGTERM, then SIGKILL after the grace. Resolves when the group is gone.
   */
  close(): Promise<void> {
    if (!this.#stopping) {
      this.#closed = true;
      this.#options.stderr.flush();
      this.#stopping = this.#group?.stop() ?? Promise.resolve();
      this.onclose?.();
    }
    return this.#stopping;
  }
}
