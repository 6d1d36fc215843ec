// Preloaded into a gateway by bench/hostile-servers.ts (NODE_OPTIONS --import): its own event loop
// delay, the part of a request's wait that is the gateway's, whatever else loads the machine. Each
// SIGUSR2 writes p50, p99 and the worst (ms) since the last one to BENCH_ELD_FILE, and starts again.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('SIGUSR2', () => {
  const ms = (nanoseconds: number) => nanoseconds / 1e6;
  writeFileSync(process.env.BENCH_ELD_FILE!, JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), worst: ms(delay.max) }));
  delay.reset();
});
