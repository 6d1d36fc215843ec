import type { ServerResponse } from 'node:http';

/**
 * Answers a call with an event stream that never ends an event: `data: xxxx…` without a blank line,
 * up to `bytes`, as fast as the reader takes it. Resolves with what it wrote before the reader stopped.
 */
export async function endlessEvent(response: ServerResponse, bytes: number): Promise<number> {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write('event: message\ndata: ');
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let written = 0;
  while (written < bytes && !response.destroyed) {
    written += chunk.length;
    if (!response.write(chunk)) {
      const drained = await new Promise<boolean>((resolve) => {
        const done = (value: boolean) => () => {
          response.off('drain', onDrain);
          response.off('close', onClose);
          resolve(value);
        };
        const onDrain = done(true);
        const onClose = done(false);
        response.once('drain', onDrain);
        response.once('close', onClose);
      });
      if (!drained) break;
    }
  }
  response.end();
  return written;
}
