import request from 'supertest';
import type { PackStatus } from '../src/index.ts';
import { createEchoApp, echoPack } from './echo-pack.ts';

/** A process serving echo beside packs in the given states, as the gateway mounts them. */
function appWithStates(states: Record<string, PackStatus>) {
  const others = Object.entries(states).map(([name, status]) => ({ pack: { ...echoPack, name }, segment: name, status: () => status }));
  return createEchoApp({ packs: [{ pack: echoPack, segment: 'echo' }, ...others] });
}

// Issue 42, point 8: a monitor that reads only `status` sees an outage.
describe('/healthz status and the /readyz rule', () => {
  it('every pack ready: status ok', async () => {
    const health = await request(appWithStates({})).get('/healthz').expect(200);
    expect(health.body).toEqual({ status: 'ok', packs: ['echo'], states: { echo: { state: 'ready' } } });
  });

  it('a fronted server that is down: status degraded, the pack named down in states, still 200 (liveness)', async () => {
    const away: PackStatus = { state: 'down', detail: 'the MCP server cannot be reached (ECONNREFUSED)' };
    const health = await request(appWithStates({ away })).get('/healthz').expect(200);
    expect(health.body).toMatchObject({ status: 'degraded', states: { echo: { state: 'ready' }, away } });
  });

  it('a pack faulted at run time (a degraded state without missing settings): status degraded', async () => {
    const health = await request(appWithStates({ flaky: { state: 'degraded', detail: 'its tool list is refused: too many tools' } })).get('/healthz');
    expect(health.body.status).toBe('degraded');
  });

  it('a pack that lacks only a setting (an unset key) is a choice, not an outage: status ok', async () => {
    const health = await request(appWithStates({ concert: { state: 'degraded', missing: ['BANDSINTOWN_APP_ID'] } })).get('/healthz');
    expect(health.body.status).toBe('ok');
  });

  it('/readyz stays ready while a pack is down: taking the replica out would not bring the server back', async () => {
    const ready = await request(appWithStates({ away: { state: 'down' } })).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', failing: [] });
  });
});
