import { fileURLToPath } from 'node:url';
import { measure } from './load.ts';
import { MCP_PATH, SCENARIOS, requestFor } from './scenarios.ts';
import { spawnServer } from './spawn-server.ts';

/**
 * `pnpm --filter @toolgate/bench run bench:profile <scenario> [seconds]`: runs one benchmark server under
 * the same load with V8's CPU profiler on and leaves the .cpuprofile in bench/results/
 * (open it in Chrome DevTools). For finding hot spots, not for figures.
 */
const [name = 'toolgate', seconds = '8'] = process.argv.slice(2);
const scenario = SCENARIOS.find((candidate) => candidate.name === name);
if (!scenario) {
  process.stderr.write(`unknown scenario ${name}; one of ${SCENARIOS.map((candidate) => candidate.name).join(', ')}\n`);
  process.exit(1);
}
const directory = fileURLToPath(new URL('../results/', import.meta.url));
const server = await spawnServer(scenario.server, { execArgv: ['--cpu-prof', `--cpu-prof-dir=${directory}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] });
try {
  const figures = await measure(server.url + MCP_PATH, requestFor(scenario), { connections: 50, warmupSeconds: 0, durationSeconds: Number(seconds), rounds: 1 }, server.cpuMicros);
  process.stdout.write(`${name}: ${figures.requestsPerSecond.toFixed(0)} req/s, ${figures.cpuMicrosPerRequest?.toFixed(0)} µs CPU/req; profile in ${directory}\n`);
} finally {
  await server.stop();
}
