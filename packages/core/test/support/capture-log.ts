import { createLogger } from '../../src/index.ts';

/** A real logger at the most verbose level whose output the test can read back. */
export function captureLog() {
  const lines: string[] = [];
  const destination = { write: (chunk: string) => lines.push(chunk) } as unknown as NodeJS.WritableStream;
  return { logger: createLogger({ level: 'trace', destination }), text: () => lines.join('') };
}
