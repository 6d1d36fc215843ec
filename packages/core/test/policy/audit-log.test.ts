import request from 'supertest';
import { createApp, createGuards, createMetrics, parseEnv, securityEnvSchema } from '../../src/index.ts';
import { createAuditLog } from '../../src/mcp/audit-log.ts';
import { echoPack } from '../echo-pack.ts';
import { captureLog } from '../support/capture-log.ts';
import { startGatewayProcess } from '../support/gateway-process.ts';
import { writePolicyFile } from '../support/policy-fixtures.ts';

const KEY = 'tg_live_audit-key-0123456789';
const callOf = (name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name, arguments: args } });

async function auditedApp(withArguments: boolean) {
  const log = captureLog();
  const env = parseEnv(securityEnvSchema, { API_KEYS_FILE: writePolicyFile([{ name: 'auditor', key: KEY, tools: ['echo/echo'], rate_limit_per_minute: 2 }]) });
  const guards = await createGuards(env, log.logger);
  const app = createApp({
    packs: [{ pack: echoPack, segment: 'echo' }],
    logger: log.logger,
    metrics: createMetrics({ collectProcessMetrics: false }),
    guards: guards.handlers,
    callPolicy: { ...(guards.budget ? { budget: guards.budget } : {}), audit: createAuditLog(log.logger, { withArguments }) },
  });
  const auditLines = () =>
    log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.audit === 'tool_call');
  return { app, log, auditLines, close: () => guards.close() };
}

describe('the audit line: one per tool call', () => {
  it('names the time, request id, key name, pack, tool, outcome, latency and cache use; never the key or the arguments', async () => {
    const { app, log, auditLines, close } = await auditedApp(false);
    try {
      const ok = await request(app).post('/echo/mcp').set('authorization', `Bearer ${KEY}`).send(callOf('echo', { text: 'private words' }));
      await request(app).post('/echo/mcp').set('authorization', `Bearer ${KEY}`).send(callOf('sum', { numbers: [1] }));
      await request(app).post('/echo/mcp').set('authorization', `Bearer ${KEY}`).send(callOf('echo', { text: 'fail' }));
      await request(app).post('/echo/mcp').set('authorization', `Bearer ${KEY}`).send(callOf('echo', { text: 'x' }));
      // tools/list is no tool call: no line.
      await request(app).post('/echo/mcp').set('authorization', `Bearer ${KEY}`).send({ jsonrpc: '2.0', id: 6, method: 'tools/list' });
      const lines = auditLines();
      expect(lines.map(({ tool, outcome }) => [tool, outcome])).toEqual([
        ['echo', 'ok'],
        ['sum', 'not_allowed'],
        ['echo', 'tool_error'],
        ['echo', 'rate_limited'],
      ]);
      expect(lines[0]).toEqual({
        level: 30,
        time: expect.any(Number),
        audit: 'tool_call',
        requestId: ok.headers['x-request-id'],
        caller: 'auditor',
        callerKind: 'key',
        pack: 'echo',
        tool: 'echo',
        outcome: 'ok',
        ms: expect.any(Number),
        cacheHit: null,
        msg: 'tool call',
      });
      expect(log.text()).not.toContain(KEY);
      expect(log.text()).not.toContain('private words');
    } finally {
      await close();
    }
  });

  it('with AUDIT_ARGUMENTS=true, also the arguments and the result', async () => {
    const { app, auditLines, close } = await auditedApp(true);
    try {
      await request(app).post('/echo/mcp').set('authorization', `Bearer ${KEY}`).send(callOf('echo', { text: 'shown' }));
      expect(auditLines()[0]).toMatchObject({ arguments: { text: 'shown' }, result: { structuredContent: { text: 'shown', length: 5 } } });
    } finally {
      await close();
    }
  });

  it('a real gateway process writes the line to its log with AUDIT_LOG=true, and none when open and unset', async () => {
    const linesWith = async (env: Record<string, string>) => {
      const gateway = await startGatewayProcess(env);
      try {
        const response = await fetch(`${gateway.url}/echo/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(callOf('echo', { text: 'hi' })) });
        expect(response.status).toBe(200);
      } finally {
        // The log comes on another pipe than the answer: once the process has stopped and its stdout
        // has ended, every line it wrote has been read. No waiting for a line that may never come.
        await gateway.stop();
      }
      return gateway.lines.filter((line) => line.audit === 'tool_call');
    };
    expect(await linesWith({ AUDIT_LOG: 'true' })).toEqual([expect.objectContaining({ caller: null, callerKind: null, pack: 'echo', tool: 'echo', outcome: 'ok', service: 'policy' })]);
    // An open gateway has no identity to audit: none unless asked.
    expect(await linesWith({})).toEqual([]);
  });

  it('AUDIT_ARGUMENTS is a boolean variable, off by default', () => {
    expect(parseEnv(securityEnvSchema, {}).AUDIT_ARGUMENTS).toBe(false);
    expect(parseEnv(securityEnvSchema, { AUDIT_ARGUMENTS: 'true' }).AUDIT_ARGUMENTS).toBe(true);
    expect(() => parseEnv(securityEnvSchema, { AUDIT_ARGUMENTS: 'maybe' })).toThrow(/AUDIT_ARGUMENTS/);
  });
});
