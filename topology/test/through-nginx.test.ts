import { echoTarget, postRpc, startNginx, startService, toolCall, type RunningNginx, type RunningService } from '../src/index.ts';

// The repository's nginx config, rendered for local ports, in front of two replicas of a pack
// started as separate processes: what a client sees through the proxy.
describe('a pack behind nginx', () => {
  let replicas: RunningService[] = [];
  let nginx: RunningNginx;
  let endpoint: string;

  beforeAll(async () => {
    replicas = await Promise.all(['a', 'b'].map((name) => startService(echoTarget.service(name))));
    nginx = await startNginx({ upstreams: { echo: replicas.map((replica) => replica.address) } });
    endpoint = `${nginx.url}/echo/mcp`;
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(replicas.map((replica) => replica.stop()));
  });

  it('answers the spec bare call (only Content-Type) with the tool result as JSON', async () => {
    const reply = await postRpc(endpoint, toolCall(1, 'echo', { text: 'hello' }));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: 1, result: { structuredContent: { text: 'hello' } } });
    expect(reply.json.result.isError).toBeFalsy();
  });

  it('spreads calls over both replicas', async () => {
    const seen = new Set<string>();
    for (let id = 0; id < 12; id += 1) {
      const reply = await postRpc(endpoint, toolCall(id, 'echo', { text: 'x' }));
      seen.add(reply.json.result.structuredContent.replica);
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('passes the caller request id through to the pack and back', async () => {
    const reply = await postRpc(endpoint, toolCall(2, 'echo', { text: 'id' }), { 'x-request-id': 'client-req.42' });
    expect(reply.headers.get('x-request-id')).toBe('client-req.42');
    expect(reply.json.result.structuredContent.requestId).toBe('client-req.42');
  });

  it('generates one request id when the caller sends none (or an unusable one), shared with the pack', async () => {
    for (const headers of [{}, { 'x-request-id': 'bad id with spaces; and more' }] as Record<string, string>[]) {
      const reply = await postRpc(endpoint, toolCall(3, 'echo', { text: 'id' }), headers);
      const id = reply.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(reply.json.result.structuredContent.requestId).toBe(id);
    }
  });

  it('passes an SSE answer through when the client only accepts text/event-stream', async () => {
    const reply = await postRpc(endpoint, toolCall(4, 'echo', { text: 'stream' }), { accept: 'text/event-stream' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const data = reply.text.split('\n').find((line) => line.startsWith('data: '));
    expect(JSON.parse(data!.slice('data: '.length))).toMatchObject({ id: 4, result: { structuredContent: { text: 'stream' } } });
  });

  it('refuses a body over the limit at the proxy with a JSON-RPC error, not an HTML page', async () => {
    const huge = JSON.stringify(toolCall(5, 'echo', { text: 'y'.repeat(1_200_000) }));
    const reply = await postRpc(endpoint, huge, { 'x-request-id': 'too-big' });
    expect(reply.status).toBe(413);
    expect(reply.headers.get('x-request-id')).toBe('too-big');
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32013 } });
  });

  it('passes the pack HTTP answers through unchanged (405 for GET is not retried into a 503)', async () => {
    const response = await fetch(endpoint);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('routes only MCP paths: other paths and the packs own /metrics are a JSON 404', async () => {
    for (const path of ['/nothing/mcp', '/metrics', '/echo/metrics']) {
      const response = await fetch(`${nginx.url}${path}`);
      expect(response.status).toBe(404);
      // No one-URL service here: the packs' own URLs are all there is.
      expect(await response.json()).toMatchObject({ error: { code: -32004, message: 'Not found: MCP endpoints are at /<pack>/mcp' } });
    }
  });

  it('reports aggregate health: every pack ready', async () => {
    const response = await fetch(`${nginx.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', packs: { echo: 'ready' } });
  });

  it('logs one JSON line per request with the request id and the replica that answered', async () => {
    await postRpc(endpoint, toolCall(6, 'echo', { text: 'log' }), { 'x-request-id': 'logged-id' });
    // nginx writes the line after the answer has gone out: on a busy machine it can come later
    // (waited for; the test's own timeout catches a line that never comes).
    let entry: Record<string, unknown> | undefined;
    while (!entry) {
      const lines = (await nginx.accessLog()).trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
      entry = lines.find((line) => line.request_id === 'logged-id');
      if (!entry) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(entry).toMatchObject({ method: 'POST', path: '/echo/mcp', status: 200 });
    expect(replicas.map((replica) => replica.address)).toContain(entry!.upstream);
  });
});
