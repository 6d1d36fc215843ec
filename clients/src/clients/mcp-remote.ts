import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { approveLogin } from '../approve-login.ts';
import { sdkSession } from '../mcp-session.ts';
import { BIN, CLI_HOME } from '../run-cli.ts';
import type { ClientUnderTest, Credentials, Session } from '../types.ts';

/**
 * Where mcp-remote asks the user to authorize (it also tries to open a browser, which a CI
 * machine does not have): the user's part is to open it; the test server approves at once
 * and redirects to mcp-remote's own callback listener, which finishes the login.
 */
function authorizeWhenAsked(stderr: Pick<NodeJS.EventEmitter, 'on'>, log: string[]): void {
  let buffered = '';
  let done = false;
  stderr.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    log.push(chunk.toString('utf8'));
    const url = /(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)/.exec(buffered)?.[1];
    if (!url || done) return;
    done = true;
    // A failed approval shows as mcp-remote's own connection error.
    approveLogin(url).catch(() => undefined);
  });
}

/**
 * mcp-remote, the stdio bridge Claude Desktop runs for remote servers, driven over stdio by
 * the SDK client as Claude Desktop drives it (the key goes in `--header`, as the docs say).
 */
export const mcpRemote: ClientUnderTest = {
  name: 'mcp-remote (stdio bridge, as Claude Desktop runs it)',
  packages: ['mcp-remote'],
  async connect(endpoint: string, credentials: Credentials): Promise<Session> {
    const args = [endpoint, '--transport', 'http-only', '--host', '127.0.0.1'];
    if (credentials.kind === 'key') args.push('--header', `Authorization:Bearer ${credentials.key}`);
    const transport = new StdioClientTransport({
      command: join(BIN, 'mcp-remote'),
      args,
      env: { ...(process.env as Record<string, string>), HOME: CLI_HOME, MCP_REMOTE_CONFIG_DIR: join(CLI_HOME, '.mcp-auth') },
      stderr: 'pipe',
    });
    const log: string[] = [];
    if (credentials.kind === 'oauth') authorizeWhenAsked(transport.stderr!, log);
    else transport.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
    const client = new Client({ name: 'client-matrix', version: '1.0.0' });
    try {
      await client.connect(transport);
    } catch (error) {
      // What Claude Desktop's log would show: mcp-remote's fatal error line.
      const fatal = log.join('').split('\n').find((line) => /Fatal error|Connection error/.test(line))?.trim();
      throw new Error(`${(error as Error).message}${fatal ? ` (mcp-remote: ${fatal.slice(0, 300)})` : ''}`);
    }
    return sdkSession(client);
  },
};
