import { copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type PackModule, type RunningServer } from '@toolgate/core/server';
import { launchChromium, watchedPage, type Browser } from '@toolgate/test-support';
import { packModules } from '../src/pack-modules.ts';
import { hostileModule } from './fixtures/hostile-module.ts';

const KEY = 'tg_browser_key_8c1f3a';
const SCREENSHOT = new URL('../../../docs/img/catalog-page.png', import.meta.url).pathname;

/** The page, driven in Debian's real Chromium against the gateway as `pnpm start` runs it. */
describe('the catalog page in a browser', () => {
  let browser: Browser;
  const servers: RunningServer[] = [];

  const gateway = async (modules: PackModule[], env: NodeJS.ProcessEnv = {}) => {
    const running = await startServer({ service: 'gateway', modules, defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent', ...env } });
    servers.push(running);
    return running.url;
  };

  const listedTools = async (url: string, segment: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/${segment}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    return ((await response.json()) as { result: { tools: { name: string }[] } }).result.tools.map(({ name }) => name);
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => server.close()));
  });

  it('shows every pack and every tool, and random_quote answers a quote through its form', async () => {
    const url = await gateway(packModules);
    const { page, violations, errors } = await watchedPage(browser);
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(`${url}/`);
    for (const module of packModules) {
      const section = page.locator(`section#pack-${module.name}`);
      await expect(section.locator('h2').textContent()).resolves.toContain(module.name);
      for (const tool of await listedTools(url, module.name)) {
        await expect(section.locator(`form.try[data-tool="${tool}"]`).count()).resolves.toBe(1);
      }
    }
    await expect(page.locator('#pack-concert h2 .state').textContent()).resolves.toBe('needs BANDSINTOWN_APP_ID');

    const tool = page.locator('article[id="quotes.random_quote"]');
    await tool.locator('input[name="tags"]').fill('wisdom');
    await expect(tool.locator('.result').isHidden()).resolves.toBe(true);
    await tool.getByRole('button', { name: 'Try it' }).click();
    await tool.locator('.outcome', { hasText: /^OK \(\d+ ms\)$/ }).waitFor();
    const quote = JSON.parse((await tool.locator('pre.structured').textContent())!) as { content: string; author: string; tags: string[] };
    expect(quote.content.length).toBeGreaterThan(0);
    expect(quote.tags.map((tag) => tag.toLowerCase())).toContain('wisdom');
    await expect(tool.locator('pre.text').textContent()).resolves.toContain(quote.content);

    await tool.evaluate((article) => article.scrollIntoView());
    const shot = join(tmpdir(), `toolgate-catalog-page-${process.pid}.png`);
    await page.screenshot({ path: shot });
    // `UPDATE_SCREENSHOT=1 pnpm --filter @toolgate/gateway test -- catalog-page` refreshes the docs' picture.
    if (process.env.UPDATE_SCREENSHOT === '1') copyFileSync(shot, SCREENSHOT);

    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('a browser at /<pack>/mcp lands on that pack', async () => {
    const url = await gateway(packModules.filter(({ name }) => name === 'quotes' || name === 'chain'));
    const { page } = await watchedPage(browser);
    await page.goto(`${url}/quotes/mcp`);
    expect(page.url()).toBe(`${url}/#pack-quotes`);
    await expect(page.locator('#pack-quotes').isVisible()).resolves.toBe(true);
  }, 30_000);

  it('with API_KEYS: a call without the key says so; with it the tool answers; the key stays in the tab', async () => {
    const url = await gateway(packModules.filter(({ name }) => name === 'quotes'), { API_KEYS: KEY });
    const { page, violations } = await watchedPage(browser);
    const served = await page.goto(`${url}/`);
    expect(await served!.text()).not.toContain(KEY);
    const tool = page.locator('article[id="quotes.random_quote"]');
    const tryIt = tool.getByRole('button', { name: 'Try it' });

    await tryIt.click();
    await tool.locator('.result.error .outcome', { hasText: /Unauthorized.*Enter an API key above\./ }).waitFor();

    await page.locator('#api-key').fill(KEY);
    await tryIt.click();
    await tool.locator('.result:not(.error) .outcome', { hasText: /^OK/ }).waitFor();
    expect(JSON.parse((await tool.locator('pre.structured').textContent())!)).toHaveProperty('author');

    // Session storage, not the server: a reload keeps it, the page's HTML never holds it.
    const reloaded = await page.reload();
    expect(await reloaded!.text()).not.toContain(KEY);
    await expect(page.locator('#api-key').inputValue()).resolves.toBe(KEY);
    expect(await page.evaluate(() => [document.cookie, localStorage.length])).toEqual(['', 0]);
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('markup in a description renders as text, and nothing in it runs', async () => {
    const url = await gateway([hostileModule]);
    const { page, violations, errors } = await watchedPage(browser);
    await page.goto(`${url}/`);
    const tool = page.locator('article[id="hostile.shout"]');
    await expect(tool.locator('.description').textContent()).resolves.toBe(
      'Says it loud. <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
    );
    await tool.locator('input[name="text"]').fill('hi');
    await tool.getByRole('button', { name: 'Try it' }).click();
    await tool.locator('.outcome', { hasText: /^OK/ }).waitFor();
    await expect(tool.locator('pre.text').textContent()).resolves.toContain('HI <img src=x onerror=');
    expect(await page.evaluate(() => ({ pwned: (globalThis as { __pwned?: number }).__pwned, images: document.querySelectorAll('img[src="x"], main script, main svg').length }))).toEqual({
      pwned: undefined,
      images: 0,
    });
    expect(errors).toEqual([]);
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('the CSP check can see a violation: an inline script injected into the page is blocked and reported', async () => {
    const url = await gateway([hostileModule]);
    const { page, violations } = await watchedPage(browser);
    await page.goto(`${url}/`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = '(globalThis).__inline = 1';
      document.body.append(script);
    });
    await page.waitForFunction(() => (globalThis as unknown as { __violations: string[] }).__violations.length > 0);
    expect((await violations())[0]).toMatch(/^script-src/);
    expect(await page.evaluate(() => (globalThis as { __inline?: number }).__inline)).toBeUndefined();
  }, 30_000);

  it('the keyboard reaches every field and every Try it button', async () => {
    const url = await gateway(packModules);
    const { page } = await watchedPage(browser);
    await page.goto(`${url}/`);
    const wanted = await page.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>('form.try [data-kind], form.try button')];
      controls.forEach((control, index) => (control.dataset.probe = String(index)));
      return controls.length;
    });
    expect(wanted).toBeGreaterThan(100);
    const reached = new Set<string>();
    for (let presses = 0; presses < 2_000 && reached.size < wanted; presses += 1) {
      await page.keyboard.press('Tab');
      const probe = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.probe);
      if (probe !== undefined) reached.add(probe);
    }
    expect(reached.size).toBe(wanted);
  }, 120_000);
});
