import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '@toolgate/test-support';

/** The all-in-one gateway's entry point: what `pnpm start` runs. */
export const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** A process of ours on a free port, running until `ready` says so (a line it writes, or an answer it gives). */
export async function startProcess(args: string[], env: Record<string, string>, ready: (port: number, seen: string) => Promise<boolean>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let seen = '';
  let exited: string | undefined;
  child.stdout!.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  child.once('exit', (code) => (exited = `${args[0]} exited (${code}): ${seen}`));
  while (!(await ready(port, seen))) {
    if (exited) throw new Error(exited);
    await sleep(100);
  }
  return { child, port };
}

export const says = (pattern: RegExp) => async (_port: number, seen: string) => pattern.test(seen);
export const healthy = async (port: number) => fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false);

export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** An API_KEYS_FILE in `directory`: each key by its SHA-256, with the packs it may use (all when none are given). */
export function writeKeysFile(directory: string, keys: { name: string; key: string; packs?: string[] }[]): string {
  const path = join(directory, 'keys.json');
  const sha = (key: string) => createHash('sha256').update(key).digest('hex');
  writeFileSync(path, JSON.stringify(keys.map(({ name, key, packs }) => ({ name, key_sha256: sha(key), ...(packs ? { packs } : {}) }))));
  return path;
}
