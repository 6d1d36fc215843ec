import { echoTarget, postRpc, startNginx, startService, toolCall, type RunningNginx, type RunningService } from '../src/index.ts';

// Issue 11, item 5: through the shipped nginx, a client that rotates X-Forwarded-For must still
// be one client. nginx sets the header from the peer address; the pack trusts only the proxy
// TRUST_PROXY names (here loopback, where this nginx runs).
describe('client addresses through nginx', () => {
  let replica: RunningService;
  let nginx: RunningNginx;

  beforeAll(async () => {
    const spec = echoTarget.service('a');
    replica = await startService({ ...spec, env: { ...spec.env, RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' } });
    nginx = await startNginx({ upstreams: { echo: [replica.address] } });
  });

  afterAll(async () => {
    await nginx?.stop();
    await replica?.stop();
  });

  it('a rotating X-Forwarded-For does not escape the limit, and cannot spend another address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const reply = await postRpc(`${nginx.url}/echo/mcp`, toolCall(index, 'echo', { text: 'x' }), { 'x-forwarded-for': `198.51.100.${index}` });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    // The pack saw the client's real address (nginx's peer), never the forged ones.
    const limited = await postRpc(`${nginx.url}/echo/mcp`, toolCall(9, 'echo', { text: 'x' }), { 'x-forwarded-for': '198.51.100.0, 127.0.0.1' });
    expect(limited.status).toBe(429);
  });
});
