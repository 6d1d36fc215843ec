/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Code passed to page.evaluate runs in the browser: it needs the DOM types.
import { chromium, type Browser, type Page } from 'playwright-core';

export type { Browser };

/** Debian's Chromium (no browser download), as the client matrix runs it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

export interface WatchedPage {
  page: Page;
  /** CSP violations the page reported (its `securitypolicyviolation` events). */
  violations(): Promise<string[]>;
  /** Uncaught errors in the page's own script. */
  errors: string[];
}

/**
 * A fresh page (its own context: its own session storage) that records CSP violations and
 * script errors. The recorder is installed by the browser, not by the page, so the CSP that
 * forbids inline script does not stop it.
 */
export async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    errors,
    violations: () => page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations),
  };
}
