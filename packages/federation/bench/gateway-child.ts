import { startServer } from '@toolgate/core/server';
import { remotePackModules } from '../src/index.ts';

/**
 * The gateway's own start (core's startServer) serving only the remote packs of MCP_SERVERS_FILE,
 * in a process of its own: the built-in packs would change nothing on this path.
 */
const running = await startServer({ service: 'gateway', modules: remotePackModules(process.env, []), defaultPort: 0 });
process.stdout.write(`${running.url}\n`);
process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
