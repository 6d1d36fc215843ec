import { existsSync, readFileSync, renameSync, watchFile, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { RemoteListedTool } from '@toolgate/core';
import { z } from 'zod';
import { canonicalJson } from './canonical-json.ts';

/** The pinned tools of one server, by name, as its server listed them when they were accepted. */
export type PinnedTools = Record<string, RemoteListedTool>;

const lockSchema = z.object({
  lockfileVersion: z.literal(1),
  servers: z.record(z.string(), z.object({ tools: z.record(z.string(), z.looseObject({ name: z.string(), inputSchema: z.looseObject({}) })) })),
});

export type Lock = z.infer<typeof lockSchema>;

/** Where the lock of a servers file is: beside it, `mcp-servers.json` → `mcp-servers.lock.json`. */
export function lockPathOf(serversFile: string): string {
  const extension = extname(serversFile);
  return join(dirname(serversFile), `${basename(serversFile, extension)}.lock${extension || '.json'}`);
}

/** Reads a lock file; none yet is an empty lock. A lock that cannot be read is refused, naming the file. */
export function readLock(path: string): Lock {
  if (!existsSync(path)) return { lockfileVersion: 1, servers: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`the lock file ${path} is not JSON (${(error as Error).message})`);
  }
  const checked = lockSchema.safeParse(parsed);
  if (!checked.success) throw new Error(`the lock file ${path} is not a toolgate lock file (${checked.error.issues[0]?.message ?? 'invalid'})`);
  return checked.data as Lock;
}

/** Writes a lock file whole (a new file renamed over the old, so a reader never sees half of it), keys sorted. */
export function writeLock(path: string, lock: Lock): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${canonicalJson(lock)}\n`);
  renameSync(temporary, path);
}

/**
 * A lock file as the gateway follows it: read at start, read again when it changes (polled every
 * 2 s, so a ConfigMap's swapped symlink is seen too) or on SIGHUP. One per path in a process, shared
 * by every remote pack of the servers file.
 */
export class LockWatch {
  readonly path: string;
  #lock: Lock;
  #problem: string | undefined;
  readonly #listeners = new Set<() => void>();

  constructor(path: string) {
    this.path = path;
    this.#lock = { lockfileVersion: 1, servers: {} };
    this.reload();
  }

  /** The pinned tools of a server, when the lock names it. */
  pinsOf(server: string): PinnedTools | undefined {
    return this.#lock.servers[server]?.tools as PinnedTools | undefined;
  }

  /** Why the lock file could not be read (the last good one stays in force). */
  get problem(): string | undefined {
    return this.#problem;
  }

  reload(): void {
    try {
      this.#lock = readLock(this.path);
      this.#problem = undefined;
    } catch (error) {
      this.#problem = (error as Error).message;
    }
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after every reload; returns what stops it. */
  onReload(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

const watches = new Map<string, LockWatch>();

/** The one LockWatch of a path in this process, polled and reloaded on SIGHUP. */
export function watchLock(path: string): LockWatch {
  let watch = watches.get(path);
  if (watch) return watch;
  watch = new LockWatch(path);
  watches.set(path, watch);
  const reload = () => watch!.reload();
  watchFile(path, { interval: 2_000, persistent: false }, reload);
  if (watches.size === 1) process.on('SIGHUP', reloadAll);
  return watch;
}

function reloadAll(): void {
  for (const watch of watches.values()) watch.reload();
}
