import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { runMain } from '@toolgate/core/server';
import { packModules } from '@toolgate/gateway';
import { GATEWAY_BENCH_ENV } from '../gateway-env.ts';

/**
 * The all-in-one gateway with WORKERS=2, started by the gateway's own runMain: this process
 * is the cluster primary, the workers serve. The parent learns the port from the first
 * worker that listens, and the CPU time asked for is the whole group's (primary + workers,
 * from /proc: Linux only; elsewhere the primary's alone, which the report would show).
 */
// The one-process gateway's settings (as pnpm start runs it), with the workers asked for.
Object.assign(process.env, GATEWAY_BENCH_ENV, { WORKERS: process.env.BENCH_GATEWAY_WORKERS ?? '2' });

const TICKS_PER_SECOND = 100;
function cpuMicrosOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name).
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

if (cluster.isPrimary) {
  cluster.once('listening', (_worker, address) => process.send?.({ port: address.port }));
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'cpu-usage') return;
    const workers = Object.values(cluster.workers ?? {}).flatMap((worker) => (worker?.process.pid ? [worker.process.pid] : []));
    const micros = [process.pid, ...workers].reduce((total, pid) => total + cpuMicrosOf(pid), 0);
    process.send?.({ type: 'cpu-usage', usage: { user: micros, system: 0 } });
  });
  // The parent went away: stop the group as SIGTERM would.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
runMain({ service: 'gateway', modules: packModules, defaultPort: 0 });
