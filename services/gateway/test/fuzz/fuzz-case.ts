/** One hostile request: raw body bytes (so invalid JSON and invalid UTF-8 can be sent) and headers. */
export interface FuzzCase {
  label: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  /** The request is wrong on the protocol level: only a JSON-RPC error (or 202 for a notification) is right. */
  mustFail?: boolean;
  /** A batch whose answer must hold exactly one reply per request member: these ids, in any order. */
  batchIds?: (string | number)[];
}

export interface FuzzTool {
  name: string;
  inputSchema: Record<string, unknown>;
}

/** Builds a tools/call body as text, so callers can splice raw JSON (`__proto__`, 1e400) into it. */
export function callText(tool: string, argumentsJson: string, id = '1'): string {
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(tool)},"arguments":${argumentsJson}}}`;
}
