import { startServer } from '@toolgate/core/server';
import { remotePackModules } from '../../src/index.ts';

/** The gateway's own start around the remote packs of MCP_SERVERS_FILE, in a process of its own: prints its URL. */
const running = await startServer({ service: 'gateway', modules: remotePackModules(process.env, []), defaultPort: 0 });
process.stdout.write(`listening at ${running.url}\n`);
process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
