import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { HttpSession } from '../src/http-exchange.ts';
import { createHttpExchanger } from '../src/http-exchange.ts';
import { createTaskBridge, type TaskBridge } from '../src/tasks/task-bridge.ts';
import { startConformanceFixture, type ChildServer } from './support/child-server.ts';

const CAPABILITIES = { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };

describe('the task bridge: 2026-07-28 tasks (SEP-2663) in front of a 2025-11-25 server', () => {
  let server: ChildServer;
  let client: Client;
  let bridge: TaskBridge;
  const signal = new AbortController().signal;

  beforeAll(async () => {
    server = await startConformanceFixture();
    client = new Client({ name: 'toolgate', version: '0.1.0' }, { capabilities: { elicitation: {} } });
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    await client.connect(transport);
    const session: HttpSession = { url: new URL(server.url), headers: {}, sessionId: transport.sessionId, protocolVersion: transport.protocolVersion };
    const exchanger = createHttpExchanger(new URL(server.url), 1024 * 1024);
    bridge = createTaskBridge({ send: (method, params, options) => exchanger.exchange(session, method, params, options), timeoutMs: 10_000, resultTimeoutMs: 60_000, maxTasks: 100, ttlMs: 60_000, gatherMs: 20 });
  });
  afterAll(async () => {
    bridge?.close();
    await client?.close();
    await server?.kill();
  });

  /** Polls tasks/get until the task reaches one of the statuses (the suite's own way: there is no push). */
  async function until(taskId: string, ...statuses: string[]) {
    for (;;) {
      const task = await bridge.get({ taskId }, signal);
      if (statuses.includes(task.status as string)) return task;
      await sleep(50);
    }
  }

  it('answers a task-capable call with a flat CreateTaskResult, and inlines the result once it is done', async () => {
    const created = await bridge.create({ name: 'slow_compute', arguments: { seconds: 0.2, label: 'x' } }, CAPABILITIES, signal);
    expect(created).toMatchObject({ resultType: 'task', status: 'working', taskId: expect.any(String), ttlMs: 60_000, pollIntervalMs: 100 });
    expect(created).not.toHaveProperty('task');
    expect(created).not.toHaveProperty('ttl');
    const done = await until(created.taskId as string, 'completed', 'failed');
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'computed x in 0.2 s' }] } });
    expect(JSON.stringify(done.result)).not.toContain('related-task');
  });

  it("reports a tool's own failure as completed with isError, not failed (SEP-2663's error semantics)", async () => {
    const created = await bridge.create({ name: 'failing_job', arguments: {} }, CAPABILITIES, signal);
    const done = await until(created.taskId as string, 'completed', 'failed');
    expect(done).toMatchObject({ status: 'completed', result: { isError: true } });
  });

  it('shows what the task waits on as inputRequests, and goes on when tasks/update answers them, one by one', async () => {
    const created = await bridge.create({ name: 'multi_input', arguments: {} }, CAPABILITIES, signal);
    let waiting = await until(created.taskId as string, 'input_required');
    while (Object.keys(waiting.inputRequests as object).length < 2) waiting = await until(created.taskId as string, 'input_required');
    const [first, second] = Object.keys(waiting.inputRequests as object);
    expect(bridge.update({ taskId: created.taskId, inputResponses: { [first!]: { action: 'accept', content: { confirm: true } } } })).toEqual({ resultType: 'complete' });
    const partly = await until(created.taskId as string, 'input_required');
    expect(Object.keys(partly.inputRequests as object)).toEqual([second]);
    bridge.update({ taskId: created.taskId, inputResponses: { [second!]: { action: 'decline' } } });
    expect(await until(created.taskId as string, 'completed')).toMatchObject({ result: { content: [{ type: 'text', text: 'answers: accept, decline' }] } });
  });

  it('acknowledges tasks/cancel with an empty result, for a running task and again once it is over', async () => {
    const created = await bridge.create({ name: 'slow_compute', arguments: { seconds: 60 } }, CAPABILITIES, signal);
    expect(await bridge.cancel({ taskId: created.taskId }, signal)).toEqual({ resultType: 'complete' });
    expect(await until(created.taskId as string, 'cancelled')).toMatchObject({ status: 'cancelled' });
    expect(await bridge.cancel({ taskId: created.taskId }, signal)).toEqual({ resultType: 'complete' });
  });

  it('knows only the tasks it created: any other id is invalid params', async () => {
    await expect(bridge.get({ taskId: 'not-a-task' }, signal)).rejects.toMatchObject({ code: -32602 });
    expect(() => bridge.update({ taskId: 'not-a-task', inputResponses: {} })).toThrow(expect.objectContaining({ code: -32602 }));
  });
});
