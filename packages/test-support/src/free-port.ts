import { createServer } from 'node:net';

/** A port that was free a moment ago on 127.0.0.1, for a listener that must be named before it starts (nginx, a CLI). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port assigned');
  return address.port;
}
