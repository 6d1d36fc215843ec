import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startsServer, withoutComment, type ShellBlock } from './shell-blocks.ts';

export interface RunOptions {
  /** The clone-like copy the commands run in, as a user's shell at the repository's root. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where this run's servers listen: the docs' :8080 is rewritten to it (tests never take a fixed port). */
  port: number;
  /** A hang guard, not a measure: a command still running after it is killed and fails the block. */
  commandLimitMs: number;
}

/** What went wrong, with where it is written and what the command printed. */
export class DocCommandError extends Error {
  override readonly name = 'DocCommandError';
}

/**
 * Runs a file's blocks in order, as a reader would: every command must exit 0; a command that
 * starts a server (`pnpm start`) is left running, once its /healthz answers, for the commands
 * after it (a curl to :8080) until the next one starts or the file ends. Every process it starts
 * is ended, as a whole process group, before it returns.
 */
export async function runShellBlocks(file: string, blocks: ShellBlock[], options: RunOptions): Promise<void> {
  let server: StartedServer | undefined;
  try {
    for (const block of blocks) {
      if (block.skip) continue;
      if (block.file) {
        writeFileSync(join(options.cwd, block.file.path), block.file.content);
        continue;
      }
      const where = `${file}:${block.line}`;
      let output = '';
      for (const typed of block.commands) {
        if (block.notRun.some(({ command }) => command === withoutComment(typed))) continue;
        const command = typed.replace(/\b(127\.0\.0\.1|localhost):8080\b/g, `$1:${options.port}`);
        if (startsServer(command)) {
          await server?.stop();
          server = await startServer(command, where, options);
          output += server.output();
        } else {
          output += await runCommand(command, where, options);
        }
      }
      for (const text of block.expect) {
        if (!output.includes(text)) throw new DocCommandError(`${where}: the block's output does not contain "${text}":\n${tail(output)}`);
      }
      for (const text of block.never) {
        if (output.includes(text)) throw new DocCommandError(`${where}: the block's output contains "${text}":\n${tail(output)}`);
      }
    }
  } finally {
    await server?.stop();
  }
}

function spawnShell(command: string, options: RunOptions): { child: ChildProcess; output: () => string } {
  // Its own process group, so a stop ends pnpm, its shell and node alike.
  const child = spawn('bash', ['-c', command], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function runCommand(command: string, where: string, options: RunOptions): Promise<string> {
  const { child, output } = spawnShell(command, options);
  const guard = setTimeout(() => stopGroup(child), options.commandLimitMs);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(guard);
  if (code !== 0) {
    const why = signal ? `was still running after ${options.commandLimitMs / 1000} s (stopped)` : `exited ${code}`;
    throw new DocCommandError(`${where}: \`${command}\` ${why}:\n${tail(output())}`);
  }
  return output();
}

interface StartedServer {
  output: () => string;
  stop: () => Promise<void>;
}

async function startServer(command: string, where: string, options: RunOptions): Promise<StartedServer> {
  const { child, output } = spawnShell(command, options);
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    stopGroup(child);
    await exited;
  };
  const ended = exited.then(() => 'exited' as const);
  const guard = setTimeout(() => stopGroup(child), options.commandLimitMs);
  // Polled until it answers or the process ends; only the hang guard bounds it.
  while ((await Promise.race([ended, answers(`http://127.0.0.1:${options.port}/healthz`)])) === false) await new Promise((resolve) => setTimeout(resolve, 200));
  clearTimeout(guard);
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new DocCommandError(`${where}: \`${command}\` ended before it answered /healthz on port ${options.port}:\n${tail(output())}`);
  }
  return { output, stop };
}

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.ok,
    () => false,
  );
}

/** SIGTERM to the whole group, SIGKILL if it still stands 5 s later. */
function stopGroup(child: ChildProcess): void {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  setTimeout(() => signal('SIGKILL'), 5_000).unref();
}

const tail = (text: string) => text.split('\n').slice(-30).join('\n');
