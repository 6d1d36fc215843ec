import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { z } from 'zod';
import { measureRound, settle, summarize, type RoundFigures } from './load.ts';
import { LEGACY_CALL, MCP_PATH } from './scenarios.ts';

/**
 * `pnpm --filter @toolgate/bench bench:ab <checkout> <checkout> …`: the all-in-one gateway of
 * two or more checkouts of this repository (each installed), measured in the same run, their
 * rounds interleaved (A B, B A, …) so a machine that gets busier or quieter meanwhile weighs on
 * each alike. For before/after figures of one change; CPU per request is the steadier figure.
 */
const settingsSchema = z.object({
  BENCH_AB_ROUNDS: z.coerce.number().int().min(2).max(100).default(10),
  BENCH_AB_ROUND_S: z.coerce.number().min(1).max(60).default(3),
  BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(50),
});

interface Target {
  checkout: string;
  child: ChildProcess;
  url: string;
  cpuMicros(): Promise<number>;
}

function start(checkout: string): Promise<Target> {
  const child = fork(resolve(checkout, 'bench/src/servers/gateway-server.ts'), [], { cwd: resolve(checkout, 'bench'), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const cpuMicros = () =>
    new Promise<number>((done) => {
      const onMessage = (message: { type?: string; usage?: NodeJS.CpuUsage }) => {
        if (message.type !== 'cpu-usage' || !message.usage) return;
        child.off('message', onMessage);
        done(message.usage.user + message.usage.system);
      };
      child.on('message', onMessage);
      child.send({ type: 'cpu-usage' });
    });
  return new Promise((started, failed) => {
    child.once('message', (message: { port?: number }) => started({ checkout, child, url: `http://127.0.0.1:${message.port}${MCP_PATH}`, cpuMicros }));
    child.once('exit', (code) => failed(new Error(`${checkout}: the gateway exited (${code}) before listening`)));
  });
}

const checkouts = process.argv.slice(2);
if (checkouts.length < 2) {
  process.stderr.write('usage: bench:ab <checkout> <checkout> [...]: directories holding installed checkouts of this repository\n');
  process.exit(2);
}
const settings = settingsSchema.parse(process.env);
const targets: Target[] = [];
try {
  for (const checkout of checkouts) targets.push(await start(checkout));
  for (const target of targets) {
    // Warm-up: the JIT, pools and caches; the figures are discarded.
    await measureRound(target.url, LEGACY_CALL, settings.BENCH_CONNECTIONS, settings.BENCH_AB_ROUND_S);
    await settle(target.cpuMicros);
  }
  const rounds = new Map<Target, RoundFigures[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < settings.BENCH_AB_ROUNDS; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) rounds.get(target)!.push(await measureRound(target.url, LEGACY_CALL, settings.BENCH_CONNECTIONS, settings.BENCH_AB_ROUND_S, target.cpuMicros));
  }
  const rows = targets.map((target) => ({ target, figures: summarize(rounds.get(target)!) }));
  const first = rows[0]!.figures;
  const lines = [
    `${settings.BENCH_AB_ROUNDS} interleaved rounds of ${settings.BENCH_AB_ROUND_S} s, ${settings.BENCH_CONNECTIONS} connections, tools/call random_quote`,
    '',
    '| checkout | req/s | rounds min–max | server CPU µs/request | req/s × first | CPU × first | failures |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ target, figures }) =>
      [
        target.checkout,
        figures.requestsPerSecond.toFixed(0),
        `${figures.roundRequestsPerSecond.min.toFixed(0)}–${figures.roundRequestsPerSecond.max.toFixed(0)}`,
        figures.cpuMicrosPerRequest!.toFixed(1),
        (figures.requestsPerSecond / first.requestsPerSecond).toFixed(2),
        (figures.cpuMicrosPerRequest! / first.cpuMicrosPerRequest!).toFixed(2),
        String(figures.failures),
      ].join(' | ').replace(/^/, '| ').concat(' |'),
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const target of targets) target.child.kill('SIGKILL');
}
