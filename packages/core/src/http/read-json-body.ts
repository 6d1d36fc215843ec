import type { Request } from 'express';
import { ErrorCode } from '../mcp/protocol.ts';
import { HttpProblem } from './problem.ts';

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const mediaType = header.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

/**
 * Reads and parses the request body under a byte limit. Read by hand rather than with
 * express.json() so that every failure is a JSON-RPC error body with the right status.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!isJsonContentType(request.headers['content-type'])) {
    throw new HttpProblem(415, ErrorCode.ConnectionClosed, 'Unsupported Media Type: Content-Type must be application/json');
  }
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes) throw tooLarge(maxBytes);

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpProblem(400, ErrorCode.ParseError, 'Parse error: Invalid JSON');
  }
}

function tooLarge(maxBytes: number): HttpProblem {
  return new HttpProblem(413, ErrorCode.ConnectionClosed, `Payload Too Large: Request body must not exceed ${maxBytes} bytes`, {
    headers: { connection: 'close' },
  });
}
