import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { parseEnv, serverEnvSchema } from '../../src/index.ts';
import { PAGE_CSP } from '../../src/page/page-routes.ts';
import { createEchoApp, echoPack } from '../echo-pack.ts';
import { hostilePack } from './hostile-pack.ts';

const HTML = 'text/html';

/** A peer as another pack's service: its own app, listening, answering its catalog. */
async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('a page that shows the packs of CATALOG_PEERS', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it('shows a peer service’s packs with their tools and states, after its own', async () => {
    const peerApp = createEchoApp({ packs: [{ pack: hostilePack, segment: 'hostile', status: () => ({ state: 'down', detail: 'upstream <i>gone</i>' }) }] });
    const peer = await listen(peerApp);
    servers.push(peer.server);
    const catalog = await request(peerApp).get('/_toolgate/catalog');
    expect(catalog.body.packs).toMatchObject([{ name: 'hostile', segment: 'hostile', status: { state: 'down' }, tools: [{ name: 'shout' }] }]);

    const page = await request(createEchoApp({ page: { peers: [peer.url] } })).get('/').set('accept', HTML);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(page.text.indexOf('id="pack-echo"')).toBeLessThan(page.text.indexOf('id="pack-hostile"'));
    expect(page.text).toContain('data-endpoint="/hostile/mcp" data-tool="shout"');
    expect(page.text).toContain('<span class="state state-down">down</span>');
    // A peer's texts are escaped as this process's own are.
    expect(page.text).toContain('upstream &lt;i&gt;gone&lt;/i&gt;');
    expect(page.text).not.toContain('<img src=x');
  });

  it('shows a pack once when a peer serves the same path (every service may list every other, itself too)', async () => {
    const peerApp = createEchoApp({ packs: [{ pack: echoPack, segment: 'echo' }] });
    const peer = await listen(peerApp);
    servers.push(peer.server);
    const page = await request(createEchoApp({ page: { peers: [peer.url] } })).get('/').set('accept', HTML);
    expect(page.text.match(/id="pack-echo"/g)).toHaveLength(1);
  });

  it('says which peer is missing, and why, when one is down, slow or answers nonsense; the page still answers', async () => {
    const slow = await listen(() => undefined);
    const nonsense = await listen((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"packs":[{"name":"<b>x</b>"}]}'));
    const refusing = await listen((_request, response) => response.writeHead(503).end());
    servers.push(slow.server, nonsense.server, refusing.server);
    const closed = await listen(() => undefined);
    closed.server.close();

    // The slow peer never answers: the page answering at all, with the line below, shows its limit held.
    const page = await request(createEchoApp({ page: { peers: [slow.url, nonsense.url, refusing.url, closed.url] } })).get('/').set('accept', HTML);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="pack-echo"');
    expect(page.text).toContain(`<code>${slow.url}</code> are missing from this page: it did not answer within 2000 ms.`);
    expect(page.text).toContain(`<code>${nonsense.url}</code> are missing from this page: it answered something that is not a toolgate catalog.`);
    expect(page.text).toContain(`<code>${refusing.url}</code> are missing from this page: it answered HTTP 503.`);
    expect(page.text).toContain(`<code>${closed.url}</code> are missing from this page: it could not be reached.`);
    expect(page.text).not.toContain('<b>x</b>');
  });
});

describe('CATALOG_PEERS', () => {
  it('takes base URLs, comma-separated', () => {
    expect(parseEnv(serverEnvSchema, { CATALOG_PEERS: 'http://chain:8081, https://quotes.internal' }).CATALOG_PEERS).toEqual(['http://chain:8081', 'https://quotes.internal']);
    expect(parseEnv(serverEnvSchema, {}).CATALOG_PEERS).toBeUndefined();
  });

  it('refuses anything else at start, naming the variable and the value', () => {
    expect(() => parseEnv(serverEnvSchema, { CATALOG_PEERS: 'http://chain:8081/mcp,ftp://x' })).toThrow(
      /CATALOG_PEERS: "http:\/\/chain:8081\/mcp" is not an http:\/\/ or https:\/\/ base URL/,
    );
  });
});
