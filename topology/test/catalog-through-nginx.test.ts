import { launchChromium, watchedPage, type Browser } from '@toolgate/test-support';
import { echoTarget, productTarget, startNginx, startService, type RunningNginx, type RunningService } from '../src/index.ts';

const HTML = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

// As compose runs it: one service per pack behind the repository's nginx, the page served by one
// of them (quotes) showing every pack through CATALOG_PEERS (docs/catalog-page.md#through-nginx).
describe('the catalog page through nginx', () => {
  let echo: RunningService;
  let quotes: RunningService;
  let nginx: RunningNginx;
  let browser: Browser | undefined;

  beforeAll(async () => {
    echo = await startService(echoTarget.service('a'));
    const spec = productTarget('quotes').service('1');
    // The page's service lists the other pack services, and one address where nothing listens.
    const peers = `${echo.url},http://127.0.0.1:9`;
    quotes = await startService({ ...spec, env: { ...spec.env, CATALOG_PEERS: peers, TRUST_PROXY: 'loopback' } });
    nginx = await startNginx({ upstreams: { echo: [echo.address], quotes: [quotes.address] }, env: { TOOLGATE_PAGE_PACK: 'quotes' } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    await Promise.all([echo?.stop(), quotes?.stop()]);
  });

  it('GET / from a browser shows every pack behind nginx, with nginx’s address in the client configurations', async () => {
    const response = await fetch(`${nginx.url}/`, { headers: { accept: HTML } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await response.text();
    expect(page).toContain('id="pack-quotes"');
    expect(page).toContain('id="pack-echo"');
    expect(page).toContain('data-endpoint="/echo/mcp" data-tool="echo"');
    expect(page).toContain(`claude mcp add --transport http toolgate-echo ${nginx.url}/echo/mcp</code>`);
    // A peer that does not answer is named on the page; the rest is still there.
    expect(page).toContain('<code>http://127.0.0.1:9</code> are missing from this page: it could not be reached.');
  });

  it('serves the page’s assets; other clients at / get a JSON 404 as before', async () => {
    const page = await (await fetch(`${nginx.url}/`, { headers: { accept: HTML } })).text();
    const script = page.match(/src="(\/_toolgate\/page\/page\.js\?v=[0-9a-f]+)"/)![1]!;
    const asset = await fetch(`${nginx.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const api = await fetch(`${nginx.url}/`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: -32004 } });
  });

  it('a browser at /<pack>/mcp lands on that pack; MCP clients there are unchanged', async () => {
    const redirect = await fetch(`${nginx.url}/echo/mcp`, { headers: { accept: HTML }, redirect: 'manual' });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe('/#pack-echo');
    const mcp = await fetch(`${nginx.url}/echo/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(mcp.status).toBe(405);
  });

  it('Try it in Chromium calls a peer’s tool through nginx', async () => {
    browser = await launchChromium();
    const { page, violations, errors } = await watchedPage(browser);
    await page.goto(`${nginx.url}/`);
    const tool = page.locator('article[id="echo.echo"]');
    await tool.locator('input[name="text"]').fill('through nginx');
    await tool.getByRole('button', { name: 'Try it' }).click();
    await tool.locator('.outcome', { hasText: /^OK/ }).waitFor();
    expect(JSON.parse((await tool.locator('pre.structured').textContent())!)).toMatchObject({ text: 'through nginx', replica: 'a' });
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  }, 30_000);
});
