import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_PACKS, repoRoot } from '../src/index.ts';

export interface CommandResult {
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command to completion (bounded by `timeoutMs`), failing with its output on a non-zero exit. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: repoRoot, env: options.env, timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stderr.slice(-4000)}`));
      else resolve({ stdout, stderr, ms: Math.round(performance.now() - started) });
    });
  });
}

/**
 * The repository's docker-compose.yml under a project name of its own. The only generated file
 * is an override that gives image builds the host network (this machine's containers have no
 * egress, and `pnpm install` needs the registry); everything else is what an operator runs.
 */
export interface Stack {
  project: string;
  env: NodeJS.ProcessEnv;
  compose(args: string[], options?: { timeoutMs?: number; env?: NodeJS.ProcessEnv }): Promise<CommandResult>;
  /** Ids of the running containers (of one service, or all of them). */
  containers(service?: string): Promise<string[]>;
  inspect(id: string): Promise<any>;
  remove(): void;
}

export interface StackOptions {
  /** Compose files after docker-compose.yml (an operator's overrides), before the build-network one. */
  overrides?: string[];
  /** Services the overrides add that build an image (each gets the host network too). */
  builtServices?: string[];
}

export function createStack(project: string, env: NodeJS.ProcessEnv, options: StackOptions = {}): Stack {
  const dir = stackDir(project);
  mkdirSync(dir, { recursive: true });
  const override = join(dir, 'build-network.yml');
  const built = [...PRODUCT_PACKS, 'gateway', ...(options.builtServices ?? [])];
  writeFileSync(override, `services:\n${built.map((service) => `  ${service}:\n    build:\n      network: host\n`).join('')}`);
  // An empty env file: a developer's .env must not change what the test runs.
  const envFile = join(dir, 'empty.env');
  writeFileSync(envFile, '');
  const overrides = (options.overrides ?? []).flatMap((file) => ['-f', file]);
  const files = ['--env-file', envFile, '-f', `${repoRoot}docker-compose.yml`, ...overrides, '-f', override];
  const stack: Stack = {
    project,
    env,
    compose: (args, options = {}) => run('docker', ['compose', '-p', project, ...files, ...args], { env: { ...env, ...options.env }, timeoutMs: options.timeoutMs }),
    async containers(service) {
      const { stdout } = await stack.compose(['ps', '-q', ...(service ? [service] : [])]);
      return stdout.split('\n').filter(Boolean);
    },
    async inspect(id) {
      return JSON.parse((await run('docker', ['inspect', id])).stdout)[0];
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  return stack;
}

/** The project's own temporary directory: named after it, so that run.sh can remove it too if this process is killed. */
export function stackDir(project: string): string {
  return join(tmpdir(), `toolgate-compose-${project}`);
}

/** What `docker ps` still knows of the project: containers (any state) and networks. */
export async function leftovers(project: string): Promise<string[]> {
  const label = `label=com.docker.compose.project=${project}`;
  const containers = (await run('docker', ['ps', '-a', '--filter', label, '--format', '{{.Names}}'])).stdout;
  const networks = (await run('docker', ['network', 'ls', '--filter', label, '--format', '{{.Name}}'])).stdout;
  return [...containers.split('\n'), ...networks.split('\n')].filter(Boolean);
}
