import { readFileSync, writeFileSync } from 'node:fs';
import { startAuthorizationServer } from '@toolgate/test-support';
import { API_KEY, startGateway } from './gateway.ts';
import { startRemoteServer } from './remote-server.ts';
import { renderTable, spliceIntoReadme, type Cell, type Row } from './report.ts';
import { runNoKeyScenario, runScenario } from './scenario.ts';
import { MODES, type ClientUnderTest, type Credentials, type Mode } from './types.ts';
import { CLIENTS } from './clients/index.ts';

const PER_CLIENT_MS = 90_000;
const here = (path: string) => new URL(path, import.meta.url);
const pinned = JSON.parse(readFileSync(here('../package.json'), 'utf8')).devDependencies as Record<string, string>;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').find((line) => line.trim())?.trim().slice(0, 200) ?? 'failed';
}

/** A guarded mode really turns away a call without credentials, so its passes mean the client authenticated. */
async function expectGuarded(mode: Mode, baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/quotes/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  const expected = mode === 'open' ? 200 : 401;
  // (nokey runs against the keyed gateway.)
  if (response.status !== expected) throw new Error(`${mode} gateway answered an anonymous tools/list with ${response.status}, not ${expected}`);
}

async function runMode(mode: Mode, clients: ClientUnderTest[], remoteUrl: string): Promise<Map<ClientUnderTest, Cell>> {
  const cells = new Map<ClientUnderTest, Cell>();
  const authorization = mode === 'oauth' ? await startAuthorizationServer() : undefined;
  const gateway = await startGateway(mode === 'nokey' ? 'key' : mode, remoteUrl, authorization?.issuer);
  const credentials: Credentials = mode === 'key' ? { kind: 'key', key: API_KEY } : mode === 'oauth' ? { kind: 'oauth', issuer: authorization!.issuer } : { kind: 'none' };
  const scenario = mode === 'nokey' ? (client: ClientUnderTest) => runNoKeyScenario(client, gateway.url) : (client: ClientUnderTest) => runScenario(client, gateway.url, credentials);
  try {
    await expectGuarded(mode, gateway.url);
    for (const client of clients) {
      const skip = client.skip?.[mode];
      if (skip) {
        cells.set(client, { status: 'skip', reason: skip });
        continue;
      }
      const started = Date.now();
      try {
        await withTimeout(scenario(client), PER_CLIENT_MS);
        cells.set(client, { status: 'pass' });
      } catch (error) {
        const known = client.known?.[mode];
        cells.set(client, known ? { status: 'known', reason: known } : { status: 'fail', reason: firstLine(error) });
      }
      const cell = cells.get(client)!;
      process.stdout.write(`${mode.padEnd(5)} ${cell.status.padEnd(4)} ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${client.name}${cell.status === 'fail' || cell.status === 'known' ? `: ${cell.reason}` : ''}\n`);
    }
  } finally {
    // Clients before the servers they hold connections to: a browser keeps keep-alive and
    // speculative sockets open to the gateway and the authorization server, and a server's stop
    // waits on those (the authorization server's up to Node's 300 s request timeout). Each stop
    // is bounded besides, so a client that will not let go costs seconds, not the run.
    await stopAll([
      ...clients.filter((client) => client.dispose).map((client) => [`${client.name}: dispose`, () => client.dispose!()] as const),
      ['the gateway', () => gateway.close()],
      ...(authorization ? [['the authorization server', () => authorization.stop()] as const] : []),
    ]);
  }
  return cells;
}

const STOP_MS = 15_000;

/** Runs each stop in order; one that has not ended within STOP_MS is reported and left behind. */
async function stopAll(stops: readonly (readonly [string, () => Promise<void>])[]): Promise<void> {
  for (const [what, stop] of stops) {
    await withTimeout(stop(), STOP_MS).catch((error: unknown) => process.stderr.write(`client matrix: stopping ${what}: ${firstLine(error)}\n`));
  }
}

/**
 * Runs every client in every mode against a real gateway, writes the table to
 * clients/COMPATIBILITY.md (and, with --update-readme, into README.md), and fails if any
 * client that runs in a mode did not work.
 */
async function main(): Promise<void> {
  const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length);
  const clients = only ? CLIENTS.filter(({ name }) => name.toLowerCase().includes(only.toLowerCase())) : CLIENTS;
  const results = new Map<Mode, Map<ClientUnderTest, Cell>>();
  const remote = await startRemoteServer();
  try {
    for (const mode of MODES) results.set(mode, await runMode(mode, clients, remote.url));
  } finally {
    // Each mode disposed its clients; the remote server is stopped last, bounded.
    await remote.stop();
  }
  const rows: Row[] = clients.map((client) => ({
    client,
    versions: client.packages.map((name) => `${name} ${pinned[name] ?? '?'}`).join(', '),
    cells: Object.fromEntries(MODES.map((mode) => [mode, results.get(mode)!.get(client)!])) as Record<Mode, Cell>,
  }));
  const table = renderTable(rows, `Node ${process.versions.node.split('.')[0]}`);
  if (!only) {
    writeFileSync(here('../COMPATIBILITY.md'), `# Client compatibility\n\n${table}`);
    if (process.argv.includes('--update-readme')) spliceIntoReadme(new URL('../../README.md', import.meta.url).pathname, table);
  }
  const failed = rows.flatMap((row) => MODES.filter((mode) => row.cells[mode].status === 'fail').map((mode) => `${row.client.name} (${mode})`));
  if (failed.length > 0) {
    process.stderr.write(`client matrix: ${failed.length} failed: ${failed.join('; ')}\n`);
    process.exitCode = 1;
  }
}

await main();
