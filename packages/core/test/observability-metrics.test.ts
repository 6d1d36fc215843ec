import request from 'supertest';
import { createGuards, createLogger, createMetrics, parseEnv, securityEnvSchema, type UpstreamAttempt } from '../src/index.ts';
import { createEchoApp } from './echo-pack.ts';
import { writePolicyFile } from './support/policy-fixtures.ts';

const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };

/** The value of one series in the exposition text, or undefined when it is not there. */
async function valueOf(metrics: ReturnType<typeof createMetrics>, series: string): Promise<number | undefined> {
  const line = (await metrics.registry.metrics()).split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const attempt = (overrides: Partial<UpstreamAttempt> = {}): UpstreamAttempt => ({
  upstream: 'Bandsintown', operation: 'artist', method: 'GET', url: 'https://rest.bandsintown.com/artists/x?app_id=[redacted]', attempt: 1, breakerState: 'closed', ...overrides,
});

describe('upstream metrics', () => {
  it('counts attempts by upstream, operation, outcome and status, times them, and counts retries', async () => {
    const metrics = createMetrics({ collectProcessMetrics: false });
    metrics.upstream.attemptStarted!(attempt())!.end({ outcome: 'server_error', statusCode: 503, seconds: 0.2, breakerState: 'closed' });
    metrics.upstream.attemptStarted!(attempt({ attempt: 2 }))!.end({ outcome: 'success', statusCode: 200, seconds: 3, breakerState: 'closed' });
    metrics.upstream.attemptStarted!(attempt({ operation: 'events' }))!.end({ outcome: 'timeout', seconds: 5, breakerState: 'closed' });
    const labels = 'upstream="Bandsintown",operation="artist"';
    expect(await valueOf(metrics, `toolgate_upstream_requests_total{${labels},outcome="server_error",status="503"}`)).toBe(1);
    expect(await valueOf(metrics, `toolgate_upstream_requests_total{${labels},outcome="success",status="200"}`)).toBe(1);
    // No status came back: the label is empty, which Prometheus reads as absent.
    expect(await valueOf(metrics, 'toolgate_upstream_requests_total{upstream="Bandsintown",operation="events",outcome="timeout",status=""}')).toBe(1);
    expect(await valueOf(metrics, `toolgate_upstream_request_duration_seconds_count{${labels}}`)).toBe(2);
    expect(await valueOf(metrics, `toolgate_upstream_request_duration_seconds_bucket{le="2.5",${labels}}`)).toBe(1);
    expect(await valueOf(metrics, `toolgate_upstream_retries_total{${labels}}`)).toBe(1);
  });

  it('shows each breaker state as a 0/1 gauge, following changes, and does not time refused attempts', async () => {
    const metrics = createMetrics({ collectProcessMetrics: false });
    metrics.upstream.attemptStarted!(attempt())!.end({ outcome: 'server_error', statusCode: 500, seconds: 0.1, breakerState: 'open' });
    const state = (name: string) => valueOf(metrics, `toolgate_upstream_breaker_state{upstream="Bandsintown",state="${name}"}`);
    expect([await state('open'), await state('closed'), await state('half_open')]).toEqual([1, 0, 0]);
    metrics.upstream.attemptStarted!(attempt({ breakerState: 'open' }))!.end({ outcome: 'circuit_open', seconds: 0, breakerState: 'open' });
    expect(await valueOf(metrics, 'toolgate_upstream_requests_total{upstream="Bandsintown",operation="artist",outcome="circuit_open",status=""}')).toBe(1);
    expect(await valueOf(metrics, 'toolgate_upstream_request_duration_seconds_count{upstream="Bandsintown",operation="artist"}')).toBe(1);
    metrics.upstream.breakerChanged!({ upstream: 'Bandsintown', state: 'half_open' });
    expect([await state('open'), await state('half_open')]).toEqual([0, 1]);
  });

  it('counts cache lookups by cache and result', async () => {
    const metrics = createMetrics({ collectProcessMetrics: false });
    for (const result of ['miss', 'hit', 'hit', 'coalesced'] as const) metrics.upstream.cacheLookedUp!({ cache: 'chain:block', result });
    expect(await valueOf(metrics, 'toolgate_cache_lookups_total{cache="chain:block",result="hit"}')).toBe(2);
    expect(await valueOf(metrics, 'toolgate_cache_lookups_total{cache="chain:block",result="miss"}')).toBe(1);
    expect(await valueOf(metrics, 'toolgate_cache_lookups_total{cache="chain:block",result="coalesced"}')).toBe(1);
  });
});

describe('rejection metrics', () => {
  async function appWith(env: Record<string, string>) {
    const logger = createLogger({ level: 'silent' });
    const security = parseEnv(securityEnvSchema, env);
    const guards = await createGuards(security, logger);
    const metrics = createMetrics({ collectProcessMetrics: false });
    return { app: createEchoApp({ guards: guards.handlers, logger, metrics }), metrics };
  }

  it('has every reason at 0 before anything is refused', async () => {
    const { metrics } = await appWith({});
    expect(await valueOf(metrics, 'toolgate_rate_limit_rejections_total{reason="requests"}')).toBe(0);
    expect(await valueOf(metrics, 'toolgate_auth_rejections_total{reason="invalid_key"}')).toBe(0);
  });

  it('counts rate-limited requests and batches by reason', async () => {
    const { app, metrics } = await appWith({ RATE_LIMIT_PER_MINUTE: '3' });
    // A batch of four costs four: more than the three a minute.
    await request(app).post('/echo/mcp').send([1, 2, 3, 4].map((id) => ({ ...call, id }))).expect(429);
    await request(app).post('/echo/mcp').send(call).expect(429);
    expect(await valueOf(metrics, 'toolgate_rate_limit_rejections_total{reason="batch"}')).toBe(1);
    expect(await valueOf(metrics, 'toolgate_rate_limit_rejections_total{reason="requests"}')).toBe(1);
  });

  it('counts auth refusals by reason: no key, a wrong key, and an address shut out after too many', async () => {
    const { app, metrics } = await appWith({ API_KEYS: 'the-right-key-0123456789', AUTH_FAILURES_PER_MINUTE: '3' });
    await request(app).post('/echo/mcp').send(call).expect(401);
    await request(app).post('/echo/mcp').set('authorization', 'Bearer wrong-key-0123456789').send(call).expect(401);
    await request(app).post('/echo/mcp').set('x-api-key', 'another-wrong-key-0123').send(call).expect(401);
    await request(app).post('/echo/mcp').set('authorization', 'Bearer the-right-key-0123456789').send(call).expect(429);
    expect(await valueOf(metrics, 'toolgate_auth_rejections_total{reason="missing_credentials"}')).toBe(1);
    expect(await valueOf(metrics, 'toolgate_auth_rejections_total{reason="invalid_key"}')).toBe(2);
    expect(await valueOf(metrics, 'toolgate_auth_rejections_total{reason="too_many_failures"}')).toBe(1);
    // The shut-out is an auth matter, not the request budget.
    expect(await valueOf(metrics, 'toolgate_rate_limit_rejections_total{reason="other"}')).toBe(0);
  });

  it('does not count other refusals (a foreign Origin, a bad body) as rejections', async () => {
    const { app, metrics } = await appWith({ API_KEYS: 'the-right-key-0123456789' });
    await request(app).post('/echo/mcp').set('origin', 'https://evil.example').send(call).expect(403);
    await request(app).post('/echo/mcp').set('authorization', 'Bearer the-right-key-0123456789').set('content-type', 'application/json').send('{').expect(400);
    const text = await metrics.registry.metrics();
    expect(text.split('\n').filter((line) => /^toolgate_(auth|rate_limit)_rejections_total\{/.test(line) && !line.endsWith(' 0'))).toEqual([]);
  });
});

describe('policy refusal metrics (API_KEYS_FILE)', () => {
  const KEYS = { sumOnly: 'key-sum-only-two-a-minute', wordOnly: 'key-for-the-word-pack-only', quota: 'key-with-a-quota-of-one' };
  const callOf = (name: string, id = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: name.endsWith('sum') ? { numbers: [1, 2] } : { text: 'hi' } } });
  const refusals = (metrics: ReturnType<typeof createMetrics>, reason: string) => valueOf(metrics, `toolgate_policy_refusals_total{reason="${reason}"}`);
  const REASONS = ['tool_not_allowed', 'pack_not_allowed', 'minute_limit', 'daily_quota'];

  async function policyApp() {
    const logger = createLogger({ level: 'silent' });
    const file = writePolicyFile([
      { name: 'sum-only', key: KEYS.sumOnly, tools: ['echo/sum'], rate_limit_per_minute: 2 },
      { name: 'word-only', key: KEYS.wordOnly, packs: ['word'] },
      { name: 'quota', key: KEYS.quota, daily_quota: 1 },
    ]);
    const guards = await createGuards(parseEnv(securityEnvSchema, { API_KEYS_FILE: file }), logger);
    const metrics = createMetrics({ collectProcessMetrics: false });
    const app = createEchoApp({ guards: guards.handlers, logger, metrics, callPolicy: guards.budget ? { budget: guards.budget } : {} });
    const post = (path: string, key: string, body: unknown) => request(app).post(path).set('authorization', `Bearer ${key}`).send(body as object);
    const counts = async () => Object.fromEntries(await Promise.all(REASONS.map(async (reason) => [reason, await refusals(metrics, reason)])));
    return { metrics, post, counts, close: () => guards.close() };
  }

  it('has every reason at 0 from the start, and an allowed call moves none', async () => {
    const { post, counts, close } = await policyApp();
    try {
      expect(await counts()).toEqual({ tool_not_allowed: 0, pack_not_allowed: 0, minute_limit: 0, daily_quota: 0 });
      expect((await post('/echo/mcp', KEYS.sumOnly, callOf('sum')).expect(200)).body.result.structuredContent).toEqual({ sum: 3, count: 2 });
      expect((await post('/mcp', KEYS.quota, callOf('echo_echo')).expect(200)).body.result.structuredContent).toEqual({ text: 'hi', length: 2 });
      expect(await counts()).toEqual({ tool_not_allowed: 0, pack_not_allowed: 0, minute_limit: 0, daily_quota: 0 });
    } finally {
      await close();
    }
  });

  it('counts each refusal once by reason: a tool or pack not allowed, a minute limit, a daily quota', async () => {
    const { metrics, post, counts, close } = await policyApp();
    try {
      expect((await post('/echo/mcp', KEYS.sumOnly, callOf('echo')).expect(200)).body.error.code).toBe(-32003);
      // Through /mcp the call goes through the pack's own dispatcher: one refusal, not two.
      expect((await post('/mcp', KEYS.sumOnly, callOf('echo_echo')).expect(200)).body.error.code).toBe(-32003);
      expect(await counts()).toEqual({ tool_not_allowed: 2, pack_not_allowed: 0, minute_limit: 0, daily_quota: 0 });

      await post('/echo/mcp', KEYS.wordOnly, { jsonrpc: '2.0', id: 1, method: 'tools/list' }).expect(403);
      expect(await refusals(metrics, 'pack_not_allowed')).toBe(1);

      await post('/echo/mcp', KEYS.sumOnly, callOf('sum')).expect(200);
      await post('/echo/mcp', KEYS.sumOnly, callOf('sum')).expect(200);
      expect((await post('/echo/mcp', KEYS.sumOnly, callOf('sum')).expect(429)).body.error.data.window).toBe('minute');
      expect(await refusals(metrics, 'minute_limit')).toBe(1);

      await post('/echo/mcp', KEYS.quota, callOf('echo')).expect(200);
      expect((await post('/echo/mcp', KEYS.quota, callOf('echo')).expect(429)).body.error.data.window).toBe('day');
      // A batch's refused members each count.
      await post('/echo/mcp', KEYS.quota, [callOf('echo', 1), callOf('sum', 2)]);
      expect(await counts()).toEqual({ tool_not_allowed: 2, pack_not_allowed: 1, minute_limit: 1, daily_quota: 3 });

      // Not counted again as the request rate limit's or auth's refusals.
      const text = await metrics.registry.metrics();
      expect(text.split('\n').filter((line) => /^toolgate_(auth|rate_limit)_rejections_total\{/.test(line) && !line.endsWith(' 0'))).toEqual([]);
      // Labels are the four reasons alone: never a key's name or a tool's.
      expect(text.split('\n').filter((line) => line.startsWith('toolgate_policy_refusals_total{'))).toHaveLength(4);
    } finally {
      await close();
    }
  });
});
