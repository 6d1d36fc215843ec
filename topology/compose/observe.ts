import { readFileSync } from 'node:fs';
import { repoRoot } from '../src/index.ts';
import { run, type Stack } from './stack.ts';

export interface AccessEntry {
  request_id: string;
  path: string;
  status: number;
  /** The replica addresses nginx tried, in order ("a:8085, b:8085" after a retry). */
  upstream: string;
}

/** nginx's JSON access log lines (its stdout), as `docker compose logs` shows them. */
export async function accessLog(stack: Stack): Promise<AccessEntry[]> {
  const { stdout } = await stack.compose(['logs', '--no-color', '--no-log-prefix', 'nginx']);
  return stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as AccessEntry);
}

/** The replica (by container IP) that finally answered each request id. */
export async function answeredBy(stack: Stack, ids: Set<string>): Promise<Map<string, string>> {
  const entries = (await accessLog(stack)).filter((entry) => ids.has(entry.request_id));
  return new Map(entries.map((entry) => [entry.request_id, entry.upstream.split(',').at(-1)!.trim().split(':')[0]!]));
}

/** Container id → its address on the project network. */
export async function addresses(stack: Stack, service: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const id of await stack.containers(service)) {
    const networks = Object.values<{ IPAddress: string }>((await stack.inspect(id)).NetworkSettings.Networks);
    result.set(id, networks[0]!.IPAddress);
  }
  return result;
}

/** The workspace packages a pack needs at run time: its `workspace:` dependencies, transitively. */
export function runtimeWorkspace(pack: string): string[] {
  const seen = new Set<string>();
  const visit = (dir: string) => {
    const manifest = JSON.parse(readFileSync(`${repoRoot}${dir}/package.json`, 'utf8'));
    for (const [name, range] of Object.entries<string>(manifest.dependencies ?? {})) {
      const short = name.replace('@toolgate/', '');
      if (!range.startsWith('workspace:') || seen.has(short)) continue;
      seen.add(short);
      visit(`packages/${short}`);
    }
  };
  visit(`services/${pack}`);
  return [...seen].sort();
}

/** The security state of a process in the container (`docker exec`), read from /proc. */
export async function processSecurity(id: string): Promise<{ uid: number; capEff: string; capBnd: string; noNewPrivs: string }> {
  const { stdout } = await run('docker', ['exec', id, 'cat', '/proc/self/status']);
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(stdout)?.[1]?.trim() ?? '';
  return { uid: Number(field('Uid').split(/\s+/)[1]), capEff: field('CapEff'), capBnd: field('CapBnd'), noNewPrivs: field('NoNewPrivs') };
}
