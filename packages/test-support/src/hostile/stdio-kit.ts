import { createInterface } from 'node:readline';

/** Thrown by an answer: the JSON-RPC error the server sends instead of a result. */
export class RpcFailure extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** What a hostile stdio server answers: a result, or nothing (it never answers that method). */
export type StdioAnswer = (method: string, params: Record<string, any>) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;

/**
 * A bare MCP server over stdio, written by hand (no SDK) so a fixture can do what no SDK server
 * would: its own answers to tools/list and tools/call, anything else on its streams.
 */
export function serveStdio(answer: StdioAnswer, name = 'hostile-stdio'): void {
  const write = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);
  createInterface({ input: process.stdin }).on('line', async (line) => {
    const message = JSON.parse(line) as { id?: number | string; method?: string; params?: Record<string, any> };
    if (message.id === undefined || !message.method) return;
    if (message.method === 'initialize') {
      const result = { protocolVersion: message.params?.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name, version: '1.0.0' } };
      return write({ jsonrpc: '2.0', id: message.id, result });
    }
    let result: Record<string, unknown> | undefined;
    try {
      result = await answer(message.method, message.params ?? {});
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error;
      return write({ jsonrpc: '2.0', id: message.id, error: { code: error.code, message: error.message } });
    }
    if (result) write({ jsonrpc: '2.0', id: message.id, result });
    else write({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  });
  // The gateway closing stdin is the spec's way to stop a stdio server.
  process.stdin.on('end', () => process.exit(0));
}

export const text = (value: string) => ({ content: [{ type: 'text', text: value }] });
