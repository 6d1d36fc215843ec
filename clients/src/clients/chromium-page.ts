import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { outcomeOf } from '../mcp-session.ts';
import { keyHeaders, type ClientUnderTest, type Credentials, type Session } from '../types.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Browser {
  page: Page;
  context: BrowserContext;
  server: Server;
  profile: string;
}

let browser: Promise<Browser> | undefined;

/** The page's script: the SDK client bundled for the browser. */
async function bundle(): Promise<string> {
  const result = await build({ entryPoints: [new URL('../browser/page-client.ts', import.meta.url).pathname], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

/**
 * Serves the page from `http://localhost:<port>` while the gateway listens on 127.0.0.1: a
 * different origin, so every call is a real cross-origin request with a CORS preflight, from
 * an origin the gateway allows by default (localhost).
 */
async function launch(): Promise<Browser> {
  const script = await bundle();
  const server = createServer((request, response) => {
    if (request.url === '/client.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    if (request.url?.startsWith('/callback')) return void response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>signed in</title>');
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>toolgate client matrix</title><script src="/client.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A fresh profile per run (Playwright passes it as --user-data-dir).
  const profile = mkdtempSync(join(tmpdir(), 'toolgate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => 'mcp' in globalThis);
  return { page, context, server, profile };
}

type PageApi = {
  connect(endpoint: string, headers: Record<string, string>, oauth: boolean): Promise<number | { authorize: string }>;
  finishAuth(endpoint: string, code: string): Promise<void>;
  listTools(id: number): Promise<string[]>;
  call(id: number, name: string, args: Record<string, unknown>): Promise<unknown>;
  close(id: number): Promise<void>;
};

/** The official SDK client running in a page of Debian's Chromium (headless), across origins. */
export const chromiumPage: ClientUnderTest = {
  name: 'Browser page: SDK v1 client in headless Chromium (CORS)',
  packages: ['@modelcontextprotocol/sdk', 'playwright-core'],
  async connect(endpoint: string, credentials: Credentials): Promise<Session> {
    const { page, context } = await (browser ??= launch());
    const connect = () =>
      page.evaluate(([url, headers, oauth]) => (globalThis as unknown as { mcp: PageApi }).mcp.connect(url, headers, oauth), [endpoint, keyHeaders(credentials), credentials.kind === 'oauth'] as const);
    let id = await connect();
    if (typeof id !== 'number') {
      // The app sends the user to the authorization server in a new tab; its approval redirects
      // to the app's /callback with the code, which the app hands to the SDK.
      const tab = await context.newPage();
      await tab.goto(id.authorize);
      await tab.waitForURL(/\/callback\?/);
      const code = new URL(tab.url()).searchParams.get('code');
      await tab.close();
      if (!code) throw new Error('the authorization server redirected without a code');
      await page.evaluate(([url, authorizationCode]) => (globalThis as unknown as { mcp: PageApi }).mcp.finishAuth(url, authorizationCode), [endpoint, code] as const);
      id = await connect();
      if (typeof id !== 'number') throw new Error('still unauthorized after logging in');
    }
    const handle = id;
    return {
      listTools: () => page.evaluate((at) => (globalThis as unknown as { mcp: PageApi }).mcp.listTools(at), handle),
      call: async (name, args) => outcomeOf(await page.evaluate(([at, tool, input]) => (globalThis as unknown as { mcp: PageApi }).mcp.call(at, tool, input), [handle, name, args] as const)),
      close: () => page.evaluate((at) => (globalThis as unknown as { mcp: PageApi }).mcp.close(at), handle),
    };
  },
  async dispose() {
    if (!browser) return;
    const { context, server, profile } = await browser;
    browser = undefined;
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  },
};
