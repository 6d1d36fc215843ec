import { flood } from './flood-kit.ts';
import { serveStdio, text } from './stdio-kit.ts';

/** Hostile: writes HOSTILE_MB megabytes to stderr without a newline, then serves; `flooded` says when it is done. */
const bytes = Number(process.env.HOSTILE_MB ?? 120) * 1024 * 1024;
let written = 0;
let done = false;
void flood(process.stderr, bytes).then((count) => {
  written = count;
  done = true;
});
serveStdio((method) => {
  if (method === 'tools/list') return { tools: [{ name: 'flooded', description: 'Whether the flood is written.', inputSchema: { type: 'object' } }] };
  if (method === 'tools/call') return { ...text(done ? 'done' : 'flooding'), structuredContent: { done, written } };
  return undefined;
});
