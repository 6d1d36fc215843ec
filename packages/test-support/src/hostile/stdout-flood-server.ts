import { flood } from './flood-kit.ts';
import { serveStdio, text } from './stdio-kit.ts';

/** Hostile: `flood` writes HOSTILE_MB megabytes to stdout with no newline; `whoami` says its pid. */
const bytes = Number(process.env.HOSTILE_MB ?? 120) * 1024 * 1024;
serveStdio(async (method, params) => {
  if (method === 'tools/list') {
    return {
      tools: [
        { name: 'flood', description: 'Floods stdout.', inputSchema: { type: 'object' } },
        { name: 'whoami', description: 'This process.', inputSchema: { type: 'object' } },
      ],
    };
  }
  if (method === 'tools/call' && params.name === 'flood') {
    await flood(process.stdout, bytes);
    return text('flooded');
  }
  if (method === 'tools/call') return { ...text(String(process.pid)), structuredContent: { pid: process.pid } };
  return undefined;
});
