import { spawn } from 'node:child_process';
import { serveStdio, text } from './stdio-kit.ts';

/**
 * Hostile: ignores SIGTERM and stdin's end, and starts two grandchildren that ignore SIGTERM too,
 * each with the marker it is given (argv) on its command line, as its own so a test can find every one of them.
 */
const marker = process.argv[2] ?? 'hostile-forking';
process.on('SIGTERM', () => undefined);
const stubborn = 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1 << 30);';
const grandchildren = [0, 1].map(() => spawn(process.execPath, ['-e', stubborn, marker], { stdio: 'ignore' }).pid);
serveStdio((method) => {
  if (method === 'tools/list') return { tools: [{ name: 'pids', description: 'This server and its children.', inputSchema: { type: 'object' } }] };
  if (method === 'tools/call') return { ...text('pids'), structuredContent: { pid: process.pid, grandchildren } };
  return undefined;
});
// Stays up after stdin ends: only a signal it cannot ignore stops it.
process.stdin.removeAllListeners('end');
setInterval(() => undefined, 1 << 30);
