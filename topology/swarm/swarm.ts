import { run, type CommandResult } from '../compose/stack.ts';
import { until } from '../compose/steps.ts';
import { repoRoot } from '../src/index.ts';

export const STACK_FILE = `${repoRoot}deploy/swarm/stack.yml`;

/** A running task of a service: its container on this node and its address on the stack's network. */
export interface Task {
  container: string;
  address: string;
}

/**
 * The repository's deploy/swarm/stack.yml deployed as one stack: `docker stack deploy` with what
 * an operator's shell would export (`env`), and the queries the test makes of it.
 */
export interface SwarmStack {
  name: string;
  /** `docker stack deploy`, detached: the caller waits for what it needs (see `converged`). */
  deploy(): Promise<CommandResult>;
  /** Every replicated service runs all its replicas, every global one a task per node ("2/2"). */
  converged(): Promise<boolean>;
  /** `docker service <args>` on one of the stack's services (its short name), e.g. ['update', '--force']. */
  service(service: string, args: string[], timeoutMs?: number): Promise<CommandResult>;
  inspect(service: string): Promise<any>;
  /** The running tasks of a service (their containers, here on the one node). */
  tasks(service: string): Promise<Task[]>;
  /** Every container of the stack, running or not. */
  containers(): Promise<string[]>;
  /** nginx's JSON access log lines (its stdout). */
  accessLog(): Promise<AccessEntry[]>;
  /** nginx's error log lines (its stderr) that name an upstream or the resolver. */
  upstreamErrors(): Promise<string[]>;
  remove(): Promise<CommandResult>;
}

export interface AccessEntry {
  request_id: string;
  path: string;
  status: number;
  /** The task addresses nginx tried, in order ("a:8085, b:8085" after a retry). */
  upstream: string;
}

const namespace = (name: string) => `label=com.docker.stack.namespace=${name}`;
const serviceLabel = (name: string, service: string) => `label=com.docker.swarm.service.name=${name}_${service}`;
const lines = (text: string) => text.split('\n').filter(Boolean);

export function swarmStack(name: string, env: NodeJS.ProcessEnv): SwarmStack {
  const docker = (args: string[], timeoutMs?: number) => run('docker', args, { env, timeoutMs });
  const stack: SwarmStack = {
    name,
    // Local images on a one-node swarm: nothing to resolve at a registry. Detached: the CLI's own
    // wait watches one service at a time, each for its whole update monitor (15 s), so it took
    // two minutes for what is ready in well under one.
    deploy: () => docker(['stack', 'deploy', '--resolve-image', 'never', '--detach=true', '-c', STACK_FILE, name], 120_000),
    async converged() {
      const { stdout } = await docker(['service', 'ls', '--filter', namespace(name), '--format', '{{.Replicas}}']);
      const counts = lines(stdout).map((replicas) => replicas.split(' ')[0]!.split('/'));
      return counts.length > 0 && counts.every(([running, desired]) => running === desired);
    },
    service: (service, args, timeoutMs = 180_000) => docker(['service', ...args, `${name}_${service}`], timeoutMs),
    inspect: async (service) => JSON.parse((await docker(['service', 'inspect', `${name}_${service}`])).stdout)[0],
    async tasks(service) {
      const ids = lines((await docker(['ps', '-q', '--filter', serviceLabel(name, service), '--filter', 'status=running'])).stdout);
      if (ids.length === 0) return [];
      const inspected = JSON.parse((await docker(['inspect', ...ids])).stdout) as any[];
      return inspected.map((container) => ({ container: container.Id, address: container.NetworkSettings.Networks[`${name}_toolgate`].IPAddress }));
    },
    containers: async () => lines((await docker(['ps', '-aq', '--filter', namespace(name)])).stdout),
    async accessLog() {
      const ids = lines((await docker(['ps', '-q', '--filter', serviceLabel(name, 'nginx')])).stdout);
      const logs = await Promise.all(ids.map((id) => docker(['logs', id])));
      return logs.flatMap(({ stdout }) => stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as AccessEntry));
    },
    async upstreamErrors() {
      const ids = lines((await docker(['ps', '-q', '--filter', serviceLabel(name, 'nginx')])).stdout);
      const logs = await Promise.all(ids.map((id) => docker(['logs', id])));
      return logs.flatMap(({ stderr }) => stderr.split('\n').filter((line) => /upstream|resolve/.test(line)));
    },
    remove: () => docker(['stack', 'rm', name], 120_000),
  };
  return stack;
}

/** The task address that finally answered a request (the last one nginx tried). */
export const answeredBy = (entry: AccessEntry) => entry.upstream.split(',').at(-1)!.trim().split(':')[0]!;

/** What the engine still holds of the stack: services, containers, networks, configs, secrets. */
export async function leftovers(name: string): Promise<string[]> {
  const found: string[] = [];
  for (const kind of ['service', 'container', 'network', 'config', 'secret']) {
    const args = kind === 'container' ? ['ps', '-a'] : [kind, 'ls'];
    const { stdout } = await run('docker', [...args, '--filter', namespace(name), '--format', '{{.ID}}']);
    found.push(...lines(stdout).map((id) => `${kind} ${id}`));
  }
  return found;
}

/**
 * Until nginx has answered calls whose request ids start with `prefix` from every one of `tasks`
 * (its access log); `drive` runs before each look, for a caller that sends those calls itself.
 */
async function answeredByEvery(stack: SwarmStack, prefix: string, tasks: Task[], timeoutMs: number, drive: () => Promise<void> = async () => {}): Promise<void> {
  const wanted = new Set(tasks.map((task) => task.address));
  await until(
    `calls ${prefix}* answered by all of ${[...wanted].join(', ')}`,
    async () => {
      await drive();
      return new Set((await stack.accessLog()).filter((entry) => entry.request_id.startsWith(prefix)).map(answeredBy));
    },
    (seen) => seen instanceof Set && [...wanted].every((address) => seen.has(address)),
    timeoutMs,
  );
}

/** Until nginx has answered calls of `phase` (the steady load's, `phase-<n>`) from every one of `tasks`. */
export const spreadOver = (stack: SwarmStack, phase: string, tasks: Task[]) => answeredByEvery(stack, `${phase}-`, tasks, 30_000);

/**
 * Until nginx has answered `tools/list` at `path` from every running task of `service`: a task
 * joins swarm's DNS once healthy, and nginx reads that DNS again every 5 s, so a service whose
 * tasks all run may still be reached through some of them only.
 */
export async function reachesEveryTask(stack: SwarmStack, base: string, service: string, path: string): Promise<void> {
  const prefix = `reach-${service}-`;
  let sent = 0;
  await answeredByEvery(stack, prefix, await stack.tasks(service), 60_000, async () => {
    for (let call = 0; call < 4; call += 1) {
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': `${prefix}${(sent += 1)}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    }
  });
}

/** SIGKILLs one running task's container and waits until swarm has replaced it; the killed container's exit code. */
export async function killTask(stack: SwarmStack, service: string): Promise<number> {
  const before = await stack.tasks(service);
  const victim = before[0]!;
  await run('docker', ['kill', '--signal', 'KILL', victim.container]);
  const replaced = (tasks: Task[] | Error) => Array.isArray(tasks) && tasks.length === before.length && !tasks.some((task) => task.container === victim.container);
  await until(`${service} back to ${before.length} running tasks`, () => stack.tasks(service), replaced, 60_000);
  return JSON.parse((await run('docker', ['inspect', victim.container])).stdout)[0].State.ExitCode;
}
