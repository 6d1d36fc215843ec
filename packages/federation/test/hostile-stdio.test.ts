import { hostileStdioServer, until } from '@toolgate/test-support';
import { callTool, startFederatedGateway, type FederatedGateway } from './support/federated-gateway.ts';
import { alive, processesWith, uniqueMarker } from './support/processes.ts';

const logLines = (gateway: FederatedGateway) => gateway.logs().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>);

describe('a stdio server that forks children and ignores SIGTERM (issue 37, 6)', () => {
  let gateway: FederatedGateway | undefined;
  afterEach(async () => gateway?.close());

  async function start(marker: string) {
    gateway = await startFederatedGateway(
      { mcpServers: { forks: { command: process.execPath, args: [hostileStdioServer('forking-server'), marker] } } },
      { MCP_STDIO_KILL_GRACE_MS: '500' },
    );
    const pids = (await callTool(`${gateway.url}/forks/mcp`, 'pids')).result!.structuredContent as { pid: number; grandchildren: number[] };
    expect(pids.grandchildren.every(alive)).toBe(true);
    return pids;
  }

  it('on restart: the crashed server\'s whole group is ended before the next one runs', async () => {
    const marker = uniqueMarker('forks-restart');
    const first = await start(marker);
    process.kill(first.pid, 'SIGKILL');
    let second: { pid: number; grandchildren: number[] } | undefined;
    await until(async () => {
      const answer = await callTool(`${gateway!.url}/forks/mcp`, 'pids');
      second = answer.result?.isError ? undefined : (answer.result!.structuredContent as typeof second);
      return second !== undefined;
    }, 15_000);
    expect(second!.pid).not.toBe(first.pid);
    await until(() => !first.grandchildren.some(alive));
    // The new server, its two children and its group's lifeline: nothing of the first.
    expect(processesWith(marker).sort()).toEqual(expect.arrayContaining([second!.pid, ...second!.grandchildren]));
    expect(processesWith(marker)).toHaveLength(4);
  });

  it('on shutdown: no process of the group is left once the gateway has closed', async () => {
    const marker = uniqueMarker('forks-shutdown');
    const pids = await start(marker);
    expect(processesWith(marker).length).toBeGreaterThanOrEqual(3);
    await gateway!.close();
    gateway = undefined;
    expect(processesWith(marker)).toEqual([]);
    expect([pids.pid, ...pids.grandchildren].some(alive)).toBe(false);
  });
});

describe('a stdio server that writes without newlines (issue 37, 4)', () => {
  let gateway: FederatedGateway | undefined;
  afterEach(async () => gateway?.close());

  it('120 MB of stderr with no newline: one log line of at most 2,000 characters, and the pack serves on', async () => {
    // Read faster than MCP_READ_BYTES_PER_SECOND's 4 MiB/s: this test is about what is held, not how fast.
    gateway = await startFederatedGateway(
      { mcpServers: { noisy: { command: process.execPath, args: [hostileStdioServer('stderr-flood-server')], env: { HOSTILE_MB: '120' } } } },
      { MCP_READ_BYTES_PER_SECOND: String(256 * 1024 * 1024) },
    );
    let state: { done: boolean; written: number } | undefined;
    // The child writes stderr synchronously: it answers once the gateway has read it all.
    await until(async () => {
      state = (await callTool(`${gateway!.url}/noisy/mcp`, 'flooded')).result?.structuredContent as typeof state;
      return state?.done === true;
    }, 60_000);
    expect(state!.written).toBeGreaterThanOrEqual(120 * 1024 * 1024);
    const logs = gateway;
    // Logged once, when the line passed the bound: the rest of it was read and dropped.
    await gateway.close();
    gateway = undefined;
    const stderr = logLines(logs).filter((line) => line.msg === 'server stderr');
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatchObject({ pack: 'noisy', stderr: 'x'.repeat(2_000), cut: expect.stringMatching(/longer than 2000 characters/) });
  }, 90_000);

  it('a stdout line past MCP_MAX_ANSWER_BYTES: the child is restarted, and the log says why', async () => {
    gateway = await startFederatedGateway(
      { mcpServers: { spew: { command: process.execPath, args: [hostileStdioServer('stdout-flood-server')], env: { HOSTILE_MB: '64' } } } },
      { MCP_MAX_ANSWER_BYTES: String(4 * 1024 * 1024) },
    );
    const url = `${gateway.url}/spew/mcp`;
    const before = (await callTool(url, 'whoami')).result!.structuredContent.pid as number;
    const flood = await callTool(url, 'flood');
    expect(flood.result!.isError).toBe(true);
    expect(flood.result!.content[0].text).toMatch(/^spew: flood is unavailable: the MCP server cannot be reached \(the server wrote a line longer than 4194304 bytes to stdout/);
    let after: number | undefined;
    await until(async () => {
      const answer = await callTool(url, 'whoami');
      after = answer.result?.isError ? undefined : (answer.result!.structuredContent.pid as number);
      return after !== undefined;
    }, 15_000);
    expect(after).not.toBe(before);
    expect(alive(before)).toBe(false);
    expect(logLines(gateway).filter((line) => /longer than 4194304 bytes/.test(line.msg ?? '') || /longer than 4194304 bytes/.test(line.reason ?? ''))).not.toHaveLength(0);
  }, 60_000);
});
