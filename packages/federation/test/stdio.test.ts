import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fixture, serverMemory } from './support/child-server.ts';
import { callTool, packStates, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';

const TOKEN = 'stdio-secret-token-93ab';

/** The pids of this process's children whose command line contains `marker`: the stdio servers the gateway started. */
function childPids(marker: string): number[] {
  const table = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return table.split('\n').filter((line) => line.includes(marker)).map((line) => Number.parseInt(line.trim(), 10));
}

/** Calls until the answer is not a tool error (the child was restarted); the test's timeout is the only bound. */
async function callUntilAnswered(url: string, name: string, args: Record<string, unknown>) {
  let answer = await callTool(url, name, args);
  while (answer.result?.isError) {
    await sleep(200);
    answer = await callTool(url, name, args);
  }
  return answer;
}

describe('stdio packs', () => {
  let gateway: FederatedGateway;
  const memoryFile = join(mkdtempSync(join(tmpdir(), 'toolgate-memory-')), 'memory.jsonl');

  beforeAll(async () => {
    gateway = await startFederatedGateway(
      {
        mcpServers: {
          memory: { command: process.execPath, args: [serverMemory], env: { MEMORY_FILE_PATH: memoryFile } },
          fixture: { type: 'stdio', command: process.execPath, args: [fixture('stdio-server.ts')], env: { FIXTURE_TOKEN: '${FIXTURE_TOKEN}' } },
        },
      },
      { FIXTURE_TOKEN: TOKEN, HOME: '/root-of-the-gateway', SOME_GATEWAY_SECRET: 'never-passed-on' },
    );
  });
  afterAll(async () => gateway?.close());

  const memory = () => `${gateway.url}/memory/mcp`;
  const fixturePack = () => `${gateway.url}/fixture/mcp`;

  it('server-memory (npm) over stdio: forwards calls and results unchanged', async () => {
    const created = await callTool(memory(), 'create_entities', { entities: [{ name: 'toolgate', entityType: 'gateway', observations: ['fronts MCP servers'] }] });
    expect(created.result!.isError).toBeFalsy();
    const graph = await callTool(memory(), 'read_graph');
    expect(graph.result!.structuredContent).toEqual({ entities: [{ name: 'toolgate', entityType: 'gateway', observations: ['fronts MCP servers'] }], relations: [] });
  });

  it('restarts a killed child and answers again; calls meanwhile are tool errors', async () => {
    const [pid] = childPids(serverMemory);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    const during = await callTool(memory(), 'read_graph');
    expect(during.status).toBe(200);
    expect(during.result!.isError).toBe(true);
    expect(during.result!.content[0].text).toMatch(/^memory: read_graph is unavailable/);
    const after = await callUntilAnswered(memory(), 'read_graph', {});
    // The memory file outlives the child: the new one reads what the old one wrote.
    expect(after.result!.structuredContent).toMatchObject({ entities: [expect.objectContaining({ name: 'toolgate' })] });
    expect(childPids(serverMemory)).not.toContain(pid);
    expect((await packStates(gateway.url))['memory']).toEqual({ state: 'ready' });
  }, 120_000);

  it('gives the child only the env its entry names, plus PATH', async () => {
    const whoami = await callTool(fixturePack(), 'whoami');
    expect(whoami.result!.structuredContent.env).toEqual(['FIXTURE_TOKEN', 'PATH']);
  });

  it("logs the child's stderr with the entry's secrets redacted", async () => {
    expect(gateway.logs()).toMatch(/"pack":"fixture".*"stderr":"fixture starting with token \[redacted\]"/);
    expect(gateway.logs()).not.toContain(TOKEN);
  });

  it('restarts a child that writes garbage to stdout, and logs why', async () => {
    const before = (await callTool(fixturePack(), 'whoami')).result!.structuredContent.pid;
    const garbage = await callTool(fixturePack(), 'garbage');
    expect(garbage.status).toBe(200);
    const after = await callUntilAnswered(fixturePack(), 'whoami', {});
    expect(after.result!.structuredContent.pid).not.toBe(before);
    expect(gateway.logs()).toMatch(/the server wrote something other than JSON-RPC to stdout; restarting it/);
    expect(gateway.logs()).not.toContain(TOKEN);
  }, 120_000);
});
