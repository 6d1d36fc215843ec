// The catalog page's weight and time to first render (docs/catalog-page.md#weight-and-first-render).
// Weight: the bytes a browser downloads for the page (HTML, JS, CSS, icon), gzipped as served and
// raw. First render: Chromium's first-contentful-paint of the page from a fresh context, median of
// RUNS, beside the same measure of a one-line static page from node:http in the same run (the
// floor this machine and browser put under any page). `node bench/page-weight.ts`.
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '@toolgate/core/server';
import { packModules } from '../src/pack-modules.ts';
import { launchChromium } from '@toolgate/test-support';

const RUNS = Number(process.env.RUNS ?? 15);

/** Bytes on the wire (node:http does not inflate, as fetch would). */
function bytes(url: string, gzip: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { accept: 'text/html', 'accept-encoding': gzip ? 'gzip' : 'identity' } }, (response) => {
      let total = 0;
      response.on('data', (chunk: Buffer) => (total += chunk.length));
      response.on('end', () => resolve(total));
    }).on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const gateway = await startServer({ service: 'gateway', modules: packModules, defaultPort: 0, env: { PORT: '0', LOG_LEVEL: 'silent' } });
const floor = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>floor</title><p>hello</p>'));
await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}/`;

const html = await (await fetch(`${gateway.url}/`, { headers: { accept: 'text/html' } })).text();
const assets = [...html.matchAll(/(?:href|src)="(\/_toolgate\/page\/[^"]+)"/g)].map((match) => match[1]!);
const files = [`${gateway.url}/`, ...[...new Set(assets)].map((path) => `${gateway.url}${path}`)];
let gzipped = 0;
let raw = 0;
for (const file of files) {
  gzipped += await bytes(file, true);
  raw += await bytes(file, false);
}

const browser = await launchChromium();
async function firstPaint(url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const paint = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await context.close();
  return paint;
}
const pageTimes: number[] = [];
const floorTimes: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  // Interleaved, so a burst of load on the machine hits both alike.
  pageTimes.push(await firstPaint(`${gateway.url}/`));
  floorTimes.push(await firstPaint(floorUrl));
}
await browser.close();
floor.close();
await gateway.close();

const tools = (html.match(/<form class="try"/g) ?? []).length;
console.log(`page: ${tools} tools, ${files.length} files; ${(gzipped / 1024).toFixed(1)} KiB gzipped, ${(raw / 1024).toFixed(1)} KiB raw`);
console.log(`first contentful paint, median of ${RUNS}: page ${median(pageTimes).toFixed(0)} ms, static one-line page ${median(floorTimes).toFixed(0)} ms (ratio ${(median(pageTimes) / median(floorTimes)).toFixed(2)})`);
