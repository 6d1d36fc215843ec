import { RpcFailure, serveStdio, text } from './stdio-kit.ts';

/** Answers `fail` with JSON-RPC error -32000, a common generic error (and the SDK's code for a closed connection). */
serveStdio((method, params) => {
  if (method === 'tools/list') {
    return {
      tools: [
        { name: 'fail', description: 'Fails with -32000.', inputSchema: { type: 'object' } },
        { name: 'whoami', description: 'This process.', inputSchema: { type: 'object' } },
      ],
    };
  }
  if (method === 'tools/call' && params.name === 'fail') throw new RpcFailure(-32000, 'the backend said no');
  if (method === 'tools/call') return { ...text(String(process.pid)), structuredContent: { pid: process.pid } };
  return undefined;
});
