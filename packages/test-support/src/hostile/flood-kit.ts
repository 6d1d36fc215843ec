import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes `bytes` of one character with no newline, as fast as the reader takes them. */
export async function flood(stream: Writable, bytes: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let written = 0;
  while (written < bytes) {
    const ok = stream.write(chunk);
    written += chunk.length;
    if (!ok) await once(stream, 'drain');
  }
  return written;
}
