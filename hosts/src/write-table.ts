import { renderTable, spliceIntoReadme } from './report.ts';
import { runHosts } from './run-hosts.ts';
import { SETUPS } from './setups/index.ts';

/** Runs every setup and rewrites the README's table of hosts from what it saw. */
const results = await runHosts(SETUPS);
const table = renderTable(results);
spliceIntoReadme(table);
process.stdout.write(table);
