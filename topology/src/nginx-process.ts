import { execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@toolgate/test-support';
import { renderScript } from './repo.ts';

const run = promisify(execFile);

/** Pack name → replica addresses (`127.0.0.1:port`). */
export type Upstreams = Record<string, string[]>;

export interface RenderOptions {
  upstreams: Upstreams;
  /** Extra variables for nginx/render.sh: `<PACK>_SEGMENT`, `NGINX_CLIENT_MAX_BODY_SIZE`, … */
  env?: Record<string, string>;
}

/** `nginx` on the PATH unless TOOLGATE_NGINX_BIN names another binary. */
export function nginxBinary(env: NodeJS.ProcessEnv = process.env): string {
  return env.TOOLGATE_NGINX_BIN ?? 'nginx';
}

export function upstreamsVariable(upstreams: Upstreams): string {
  return Object.entries(upstreams)
    .map(([name, servers]) => `${name}=${servers.join(',')}`)
    .join(' ');
}

/** Renders the repository's nginx templates into `dir` (as the container does) and returns the config path. */
export async function renderNginx(dir: string, port: number, options: RenderOptions): Promise<string> {
  const { stdout } = await run('sh', [renderScript, join(dir, 'conf')], {
    // Only what the renderer needs: stray *_SEGMENT variables of the caller must not leak in.
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      TOOLGATE_UPSTREAMS: upstreamsVariable(options.upstreams),
      NGINX_LISTEN: `127.0.0.1:${port}`,
      NGINX_WORKER_PROCESSES: '1',
      NGINX_RUN_DIR: join(dir, 'run'),
      NGINX_ERROR_LOG: join(dir, 'error.log'),
      NGINX_ACCESS_LOG: join(dir, 'access.log'),
      ...options.env,
    },
  });
  return stdout.trim();
}

export interface RunningNginx {
  url: string;
  dir: string;
  errorLog(): Promise<string>;
  accessLog(): Promise<string>;
  stop(): Promise<void>;
}

async function waitUntilLive(url: string, exited: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error('nginx exited during start');
    try {
      const response = await fetch(`${url}/livez`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer ${url}/livez within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs the real nginx, in the foreground, from a temporary directory that holds its config,
 * pid file, logs and temp files (nothing under /etc/nginx), on a free port.
 */
export async function startNginx(options: RenderOptions): Promise<RunningNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'toolgate-nginx-'));
  // Workers drop root to an unprivileged user when the tests run as root: let them in.
  await chmod(dir, 0o755);
  const port = await freePort();
  const config = await renderNginx(dir, port, options);
  const errorLogPath = join(dir, 'error.log');
  const child = spawn(nginxBinary(), ['-p', dir, '-e', errorLogPath, '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => readFile(errorLogPath, 'utf8').catch(() => '');

  const stop = async () => {
    if (!hasExited()) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await waitUntilLive(url, hasExited, 10_000);
  } catch (error) {
    const log = `${stderr.join('')}${await errorLog()}`;
    await stop();
    throw new Error(`${(error as Error).message}\n${log.slice(-2_000)}`);
  }
  return { url, dir, errorLog, accessLog: () => readFile(join(dir, 'access.log'), 'utf8').catch(() => ''), stop };
}

/** `nginx -t` on a rendered config. Resolves with nginx's report; rejects when the test fails. */
export async function testNginxConfig(config: string, prefix: string): Promise<string> {
  const { stderr } = await run(nginxBinary(), ['-t', '-p', prefix, '-e', join(prefix, 'error.log'), '-c', config]);
  return stderr;
}
