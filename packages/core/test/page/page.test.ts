import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { createGuards, createLogger, definePack, parseEnv, securityEnvSchema, type RemoteListedTool } from '../../src/index.ts';
import { PAGE_CSP } from '../../src/page/page-routes.ts';
import { createEchoApp, echoPack } from '../echo-pack.ts';
import { HOSTILE_MARKUP, hostilePack } from './hostile-pack.ts';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const KEY = 'tg_page_test_key_5d0c2a';

const degraded = { state: 'degraded' as const, missing: ['ECHO_TOKEN'], detail: 'sum needs ECHO_TOKEN <b>now</b>' };

function catalogApp(overrides: Parameters<typeof createEchoApp>[0] = {}) {
  return createEchoApp({
    packs: [
      { pack: echoPack, segment: 'echo', status: () => degraded },
      { pack: hostilePack, segment: 'hostile' },
    ],
    ...overrides,
  });
}

async function keyedApp() {
  const guards = await createGuards(parseEnv(securityEnvSchema, { API_KEYS: KEY }), createLogger({ level: 'silent' }));
  return catalogApp({ guards: guards.handlers, page: { keyed: true } });
}

describe('the catalog page at GET /', () => {
  it('serves every pack and every tool tools/list lists, to a browser', async () => {
    const app = catalogApp();
    const page = await request(app).get('/').set('accept', HTML);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const segment of ['echo', 'hostile']) {
      const listed = await request(app).post(`/${segment}/mcp`).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      for (const tool of listed.body.result.tools) {
        expect(page.text).toContain(`data-endpoint="/${segment}/mcp" data-tool="${tool.name}"`);
      }
    }
    expect(page.text).toContain('<section class="pack" id="pack-echo"');
    // Each input property is a field the script reads back by its kind.
    expect(page.text).toMatch(/<input type="text" id="f0-0-0" name="text" data-kind="string" required maxlength="20">/);
    expect(page.text).toMatch(/<textarea[^>]*name="numbers" data-kind="json" required/);
    expect(page.text).toMatch(/<select id="f0-1-1" name="round" data-kind="boolean"><option value="">\(not set\)<\/option>/);
  });

  it('shows each pack in the state /healthz reports', async () => {
    const app = catalogApp();
    const health = await request(app).get('/healthz');
    expect(health.body.states.echo).toEqual(degraded);
    const page = await request(app).get('/').set('accept', HTML);
    expect(page.text).toContain('<span class="state state-degraded">needs ECHO_TOKEN</span>');
    expect(page.text).toContain('<p class="detail">sum needs ECHO_TOKEN &lt;b&gt;now&lt;/b&gt;</p>');
    expect(page.text).toMatch(/<h2 id="pack-hostile-title">hostile <span class="state state-ready">ready<\/span>/);
  });

  it('escapes every text a tool brings: markup in a description renders as text', async () => {
    const page = await request(catalogApp()).get('/').set('accept', HTML);
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).not.toContain('<script>window');
    expect(page.text).not.toContain('<svg onload');
    expect(page.text).toContain('Says it loud. &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;&lt;script&gt;window.__pwned=2&lt;/script&gt;');
    // An attribute value cannot be closed early either.
    expect(page.text).toContain('<option value="&quot;\\&quot;&gt;&lt;svg onload=\\&quot;window.__pwned=3\\&quot;&gt;&quot;">');
    // The only scripts are the gateway's own file.
    expect(page.text.match(/<script/g)).toHaveLength(1);
    expect(page.text).toMatch(/<script src="\/_toolgate\/page\/page\.js\?v=[0-9a-f]{12}" defer><\/script>/);
  });

  it('is sent under a strict Content-Security-Policy: no inline script, nothing from elsewhere', async () => {
    const page = await request(catalogApp()).get('/').set('accept', HTML);
    expect(page.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(PAGE_CSP).toContain("script-src 'self'");
    expect(PAGE_CSP).toContain("default-src 'none'");
    expect(PAGE_CSP).not.toContain('unsafe');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('is gzipped for a browser that accepts it', async () => {
    const app = catalogApp();
    // The same Host for both: the page names it in every client configuration.
    const plain = await request(app).get('/').set('accept', HTML).set('host', 'gateway.test').set('accept-encoding', 'identity');
    const zipped = await request(app)
      .get('/')
      .set('accept', HTML)
      .set('host', 'gateway.test')
      .set('accept-encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    // supertest inflates gzip itself; either way the page is the same page.
    const body = zipped.body as Buffer;
    const text = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString() : body.toString();
    expect(text).toBe(plain.text);
  });

  it('answers an MCP client or curl at GET / as before: a JSON 404', async () => {
    const app = catalogApp();
    for (const accept of [undefined, 'application/json', 'application/json, text/event-stream']) {
      const call = request(app).get('/');
      const response = await (accept ? call.set('accept', accept) : call);
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe('Not found: GET /');
    }
  });

  it('shows client configurations with the URL from PUBLIC_URL, else from the request', async () => {
    const fromRequest = await request(catalogApp()).get('/').set('accept', HTML).set('host', 'tools.test:9000');
    expect(fromRequest.text).toContain('claude mcp add --transport http toolgate-echo http://tools.test:9000/echo/mcp</code>');
    const fromPublicUrl = await request(catalogApp({ page: { publicUrl: 'https://gateway.example.com/' } })).get('/').set('accept', HTML);
    expect(fromPublicUrl.text).toContain('&quot;url&quot;: &quot;https://gateway.example.com/echo/mcp&quot;');
    expect(fromPublicUrl.text).toContain('&quot;mcp-remote&quot;,\n        &quot;https://gateway.example.com/echo/mcp&quot;');
  });

  it('offers every pack at one URL, /mcp, with its own client configurations, unless peers serve some packs', async () => {
    const page = await request(catalogApp({ page: { publicUrl: 'https://gateway.example.com' } })).get('/').set('accept', HTML);
    expect(page.text).toContain('<section class="pack" id="one-url" aria-labelledby="one-url-title">');
    expect(page.text).toContain('<p class="endpoint"><code>https://gateway.example.com/mcp</code></p>');
    expect(page.text).toContain('claude mcp add --transport http toolgate https://gateway.example.com/mcp</code>');
    expect(page.text).toContain('&quot;toolgate&quot;: {\n      &quot;url&quot;: &quot;https://gateway.example.com/mcp&quot;');
    const split = await request(catalogApp({ page: { peers: ['http://127.0.0.1:9'] } })).get('/').set('accept', HTML);
    expect(split.status).toBe(200);
    expect(split.text).not.toContain('id="one-url"');
  });

  it('explains the search view and gives its client configurations, at /mcp?view=search, the URL quoted for a shell', async () => {
    const page = await request(catalogApp({ page: { publicUrl: 'https://gateway.example.com' } })).get('/').set('accept', HTML);
    expect(page.text).toContain('<section class="pack" id="search-view" aria-labelledby="search-view-title">');
    expect(page.text).toContain('<p class="endpoint"><code>https://gateway.example.com/mcp?view=search</code></p>');
    expect(page.text).toMatch(/<code>search_tools<\/code> finds the tools for a task/);
    expect(page.text).toContain('claude mcp add --transport http toolgate &quot;https://gateway.example.com/mcp?view=search&quot;</code>');
    expect(page.text).toContain('&quot;url&quot;: &quot;https://gateway.example.com/mcp?view=search&quot;');
    // Split across peers, /mcp does not serve every pack shown: the view is explained, no /mcp configuration offered.
    const split = await request(catalogApp({ page: { peers: ['http://127.0.0.1:9'] } })).get('/').set('accept', HTML);
    expect(split.text).toContain('id="search-view"');
    expect(split.text).not.toContain('/mcp?view=search</code></p>');
  });

  it('believes X-Forwarded-Host and -Proto only from a proxy TRUST_PROXY names', async () => {
    const forwarded = { 'x-forwarded-host': 'public.test', 'x-forwarded-proto': 'https' };
    const untrusted = await request(catalogApp()).get('/').set('accept', HTML).set('host', 'inner:8080').set(forwarded);
    expect(untrusted.text).toContain('http://inner:8080/echo/mcp');
    expect(untrusted.text).not.toContain('public.test');
    const trusted = await request(catalogApp({ trustProxy: ['loopback'] })).get('/').set('accept', HTML).set('host', 'inner:8080').set(forwarded);
    expect(trusted.text).toContain('https://public.test/echo/mcp');
  });

  it('with keys on: a key field and placeholders, never a key, even to a caller who sent one', async () => {
    const page = await request(await keyedApp()).get('/').set('accept', HTML).set('authorization', `Bearer ${KEY}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<input type="password" id="api-key"');
    expect(page.text).toContain('--header &quot;Authorization: Bearer &lt;your-key&gt;&quot;');
    expect(page.text).toContain('Bearer ${input:toolgate-key}');
    expect(page.text).not.toContain(KEY);
    const open = await request(catalogApp()).get('/').set('accept', HTML);
    expect(open.text).not.toContain('id="api-key"');
    expect(open.text).not.toContain('your-key');
  });
});

describe('a pack whose tools come from a remote MCP server', () => {
  const remoteTools = [
    {
      name: 'lookup',
      title: `Look up ${HOSTILE_MARKUP}`,
      description: HOSTILE_MARKUP,
      inputSchema: { type: 'object', properties: { q: { type: 'string', description: HOSTILE_MARKUP } }, required: ['q'] },
      annotations: { readOnlyHint: true },
      _meta: { 'vendor/x': 1 },
    },
    // What a server may also send: fields of the wrong type, a tool without a usable name.
    { name: 'odd', title: 42, inputSchema: 'not a schema' },
    { name: { toString: 'x' }, inputSchema: {} },
  ] as unknown as RemoteListedTool[];
  const remotePack = definePack({
    name: 'remote',
    version: '0.0.0',
    tools: [],
    remoteTools: { list: () => remoteTools, call: async () => ({ content: [] }) },
  });

  it('shows the tools its tools/list shows, escaped, and skips what it cannot show without failing', async () => {
    const page = await request(createEchoApp({ packs: [{ pack: remotePack, segment: 'remote', status: () => ({ state: 'ready' }) }] }))
      .get('/')
      .set('accept', HTML);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-endpoint="/remote/mcp" data-tool="lookup"');
    expect(page.text).toContain('Look up &lt;img src=x');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('data-endpoint="/remote/mcp" data-tool="odd"');
    expect(page.text).toContain('<p class="muted">No arguments.</p>');
    expect(page.text.match(/<form class="try"/g)).toHaveLength(2);
  });
});

describe('the page assets', () => {
  it.each([
    ['page.js', 'text/javascript; charset=utf-8'],
    ['page.css', 'text/css; charset=utf-8'],
    ['icon.svg', 'image/svg+xml'],
  ])('%s is served by the gateway itself, cacheable, under the same CSP', async (name, type) => {
    const response = await request(catalogApp()).get(`/_toolgate/page/${name}?v=1`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('an unknown asset is the usual 404', async () => {
    const response = await request(catalogApp()).get('/_toolgate/page/../../etc/passwd');
    expect(response.status).toBe(404);
    const missing = await request(catalogApp()).get('/_toolgate/page/other.js');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Not found: GET /_toolgate/page/other.js');
  });
});

describe('a browser at GET /<pack>/mcp', () => {
  it('is sent to that pack on the page, before any key check', async () => {
    const response = await request(await keyedApp()).get('/echo/mcp').set('accept', HTML);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/#pack-echo');
  });

  it('MCP clients on the same path see no change: the key check, then the route', async () => {
    const keyed = await keyedApp();
    const stream = await request(keyed).get('/echo/mcp').set('accept', 'text/event-stream');
    expect(stream.status).toBe(401);
    const keyedStream = await request(keyed).get('/echo/mcp').set('accept', 'text/event-stream').set('authorization', `Bearer ${KEY}`);
    const openStream = await request(catalogApp()).get('/echo/mcp').set('accept', 'text/event-stream');
    expect(keyedStream.status).toBe(openStream.status);
    expect(openStream.status).not.toBe(303);
    expect(openStream.headers.location).toBeUndefined();
    const call = await request(keyed)
      .post('/echo/mcp')
      .set('accept', `${HTML}, application/json, text/event-stream`)
      .set('authorization', `Bearer ${KEY}`)
      .send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    expect(call.status).toBe(200);
    expect(call.body.result.structuredContent).toEqual({ text: 'hi', length: 2 });
  });

  it('only the mount point redirects: paths below it stay the plain 404', async () => {
    const response = await request(catalogApp()).get('/echo/mcp/').set('accept', HTML);
    expect(response.status).toBe(404);
  });
});
