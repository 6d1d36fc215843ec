import { isAbsolute, resolve } from 'node:path';
import { acceptServers } from './accept-servers.ts';
import { lockPathOf } from './lock-file.ts';

/**
 * `pnpm servers:accept <name>… | --all [--servers <file>]`: pins what the named servers of the
 * servers file list now (accept-servers.ts). The file is `--servers` or MCP_SERVERS_FILE, read
 * where the command was typed; the lock is MCP_SERVERS_LOCK_FILE or beside the file.
 */
const args = process.argv.slice(2);
const usage = 'usage: pnpm servers:accept <name>... | --all [--servers <file>]';
const serversAt = args.indexOf('--servers');
const serversArg = serversAt === -1 ? undefined : args[serversAt + 1];
const names = args.filter((arg, index) => !arg.startsWith('--') && (serversAt === -1 || index !== serversAt + 1));
const all = args.includes('--all');
const typedIn = process.env.INIT_CWD ?? process.cwd();
const where = (path: string) => (isAbsolute(path) ? path : resolve(typedIn, path));
const serversFile = serversArg ?? process.env.MCP_SERVERS_FILE;

if (!serversFile || (names.length === 0) === !all) {
  process.stderr.write(`${usage}\n${serversFile ? '' : 'no servers file: pass --servers <file> or set MCP_SERVERS_FILE\n'}`);
  process.exit(2);
}
try {
  const ok = await acceptServers({
    serversFile: where(serversFile),
    lockFile: process.env.MCP_SERVERS_LOCK_FILE ? where(process.env.MCP_SERVERS_LOCK_FILE) : lockPathOf(where(serversFile)),
    names,
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
  });
  process.exit(ok ? 0 : 1);
} catch (error) {
  process.stderr.write(`servers:accept: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
