import { startServer, type RunningServer } from '../../src/index.ts';
import { conformanceModule } from '../support/content-modules.ts';
import { writePolicyFile } from '../support/policy-fixtures.ts';

const KEYS = { ada: 'key-ada-tasks-0001', bob: 'key-bob-tasks-0002' };

/** 2025-11-25 tasks (task augmentation) and the 2026-07-28 extension, through the gateway, with the tasks kept per owner. */
describe('tool calls that run as tasks', () => {
  let gateway: RunningServer;
  let id = 0;
  beforeAll(async () => {
    const keys = writePolicyFile([{ name: 'ada', key: KEYS.ada }, { name: 'bob', key: KEYS.bob }]);
    gateway = await startServer({ service: 't', modules: [conformanceModule], defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', API_KEYS_FILE: keys } });
  });
  afterAll(() => gateway.close());

  async function rpc(path: string, key: string, method: string, params: Record<string, unknown>, modern = false) {
    id += 1;
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } } };
    const name = (params.name ?? params.taskId) as string | undefined;
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      ...(modern ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) } : {}),
    };
    const response = await fetch(`${gateway.url}${path}`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id, method, params: modern ? { ...params, _meta: envelope } : params }) });
    return (await response.json()) as { result?: Record<string, any>; error?: { code: number; message: string } };
  }

  it('2025-11-25: params.task makes a task; tasks/get reports it, tasks/result waits for the tool’s result', async () => {
    const created = await rpc('/conformance/mcp', KEYS.ada, 'tools/call', { name: 'slow_compute', arguments: { seconds: 0.2, label: 'sum' }, task: { ttl: 60_000 } });
    const task = created.result!.task;
    expect(task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: expect.any(Number), createdAt: expect.stringMatching(/^\d{4}-/) });
    expect((await rpc('/conformance/mcp', KEYS.ada, 'tasks/get', { taskId: task.taskId })).result).toMatchObject({ taskId: task.taskId });
    const result = (await rpc('/conformance/mcp', KEYS.ada, 'tasks/result', { taskId: task.taskId })).result!;
    expect(result.content).toEqual([{ type: 'text', text: 'Computed sum after 0.2 s' }]);
    expect(result._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId: task.taskId } });
    expect((await rpc('/conformance/mcp', KEYS.ada, 'tasks/get', { taskId: task.taskId })).result!.status).toBe('completed');
  });

  it('keeps a task its owner’s: another key neither sees it listed nor reaches it', async () => {
    const task = (await rpc('/conformance/mcp', KEYS.ada, 'tools/call', { name: 'slow_compute', arguments: { seconds: 30 }, task: {} })).result!.task;
    expect((await rpc('/conformance/mcp', KEYS.ada, 'tasks/list', {})).result!.tasks.map((listed: { taskId: string }) => listed.taskId)).toContain(task.taskId);
    expect((await rpc('/conformance/mcp', KEYS.bob, 'tasks/list', {})).result!.tasks.map((listed: { taskId: string }) => listed.taskId)).not.toContain(task.taskId);
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      expect((await rpc('/conformance/mcp', KEYS.bob, method, { taskId: task.taskId })).error).toMatchObject({ code: -32602, message: expect.stringContaining('unknown task') });
    }
    const cancelled = await rpc('/conformance/mcp', KEYS.ada, 'tasks/cancel', { taskId: task.taskId });
    expect(cancelled.result).toMatchObject({ taskId: task.taskId, status: 'cancelled' });
    expect((await rpc('/conformance/mcp', KEYS.ada, 'tasks/cancel', { taskId: task.taskId })).error).toMatchObject({ code: -32602, message: expect.stringContaining('already ended') });
  });

  it('a tool that runs only as a task is refused without one, and a call without params.task is an ordinary call', async () => {
    expect((await rpc('/conformance/mcp', KEYS.ada, 'tools/call', { name: 'failing_job', arguments: {} })).error).toMatchObject({ code: -32602, message: expect.stringContaining('only as a task') });
    expect((await rpc('/conformance/mcp', KEYS.ada, 'tools/call', { name: 'slow_compute', arguments: { seconds: 0 } })).result!.content[0].text).toBe('Computed result after 0 s');
  });

  it('at /mcp a task id names its pack (<pack>:<id>) and leads back to it', async () => {
    const created = await rpc('/mcp', KEYS.ada, 'tools/call', { name: 'conformance_slow_compute', arguments: { seconds: 0 } }, true);
    expect(created.result).toMatchObject({ resultType: 'task', taskId: expect.stringMatching(/^conformance:/), ttlMs: expect.any(Number) });
    const taskId = created.result!.taskId as string;
    let detail: Record<string, any>;
    do detail = (await rpc('/mcp', KEYS.ada, 'tasks/get', { taskId }, true)).result!;
    while (detail.status === 'working');
    expect(detail).toMatchObject({ taskId, status: 'completed', result: { content: [{ type: 'text', text: 'Computed result after 0 s' }] } });
    expect((await rpc('/mcp', KEYS.bob, 'tasks/get', { taskId }, true)).error).toMatchObject({ code: -32602 });
    expect((await rpc('/mcp', KEYS.ada, 'tasks/get', { taskId: 'nowhere:x' }, true)).error).toMatchObject({ code: -32602, message: expect.stringContaining('<pack>:<id>') });
  });
});
