import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../protocol/error-codes.ts';
import { ClientAbort } from './client-abort.ts';
import { idleWatchFor } from './idle-watch.ts';
import { Refusal } from '../protocol/refusal.ts';

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  // What nearly every client sends, without splitting and lower-casing.
  if (header === 'application/json') return true;
  const mediaType = header.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

function unsupported(message: string): Refusal {
  return new Refusal(415, ErrorCode.UnsupportedMediaType, `Unsupported Media Type: ${message}`);
}

/**
 * JSON is UTF-8 (RFC 8259) and the body is read as UTF-8: a body declared in another charset,
 * or compressed, would be decoded wrongly and answered "Invalid JSON". Say what is wrong instead.
 */
function checkEncoding(request: IncomingMessage, contentType: string): void {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw unsupported(`Content-Encoding ${JSON.stringify(encoding)} is not accepted; send the JSON body uncompressed`);
  }
  if (contentType === 'application/json') return;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw unsupported(`charset ${JSON.stringify(charset)} is not accepted; JSON bodies must be UTF-8`);
  }
}

/**
 * Reads and parses the request body under a byte limit. Read by hand rather than with
 * express.json() so that every failure is a JSON-RPC error body with the right status.
 * Not an async function: one promise for the whole read, settled with the parsed body.
 */
export function readJsonBody(request: IncomingMessage, maxBytes: number, idleTimeoutMs: number): Promise<unknown> {
  const contentType = request.headers['content-type'];
  if (!isJsonContentType(contentType)) return Promise.reject(unsupported('Content-Type must be application/json'));
  try {
    checkEncoding(request, contentType!);
  } catch (error) {
    return Promise.reject(error);
  }
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes) return Promise.reject(tooLarge(maxBytes));
  return readParsed(request, maxBytes, idleTimeoutMs);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(400, ErrorCode.ParseError, 'Parse error: Invalid JSON');
  }
}

/**
 * Collects and parses the body with plain stream events: `for await` over the request builds an
 * async iterator and a promise per chunk, a visible cost when the whole call takes microseconds.
 */
function readParsed(request: IncomingMessage, maxBytes: number, idleTimeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // A body that stops arriving holds a connection for nothing: cut it off (slow-body clients).
    const idle = idleWatchFor(idleTimeoutMs).watch(() => {
      cleanUp();
      request.pause();
      reject(idleBody(idleTimeoutMs));
    });
    const onData = (chunk: Buffer) => {
      idle.touch();
      size += chunk.length;
      if (size > maxBytes) {
        cleanUp();
        // Stop reading; as before, the rest of the body is left unread and the answer closes the connection.
        request.pause();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      try {
        resolve(parseJson(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    };
    // A reset or a close before the body was complete: the client went away, nothing to answer.
    const onGone = () => {
      cleanUp();
      reject(new ClientAbort());
    };
    const cleanUp = () => {
      idle.stop();
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onGone);
      request.off('close', onGone);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onGone);
    request.on('close', onGone);
  });
}

function idleBody(idleTimeoutMs: number): Refusal {
  return new Refusal(408, ErrorCode.RequestTimeout, `Request Timeout: no part of the body arrived for ${idleTimeoutMs} ms`, {
    headers: { connection: 'close' },
  });
}

function tooLarge(maxBytes: number): Refusal {
  return new Refusal(413, ErrorCode.TooLarge, `Payload Too Large: Request body must not exceed ${maxBytes} bytes`, {
    headers: { connection: 'close' },
  });
}
