import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Where the gateway serves the page's own files: no CDN, nothing from elsewhere. */
export const ASSET_PATH = '/_toolgate/page';

export interface PageAsset {
  type: string;
  body: Buffer;
  gzipped: Buffer;
}

const TYPES: Record<string, string> = {
  'page.css': 'text/css; charset=utf-8',
  'page.js': 'text/javascript; charset=utf-8',
  'icon.svg': 'image/svg+xml',
};

/** Read and compressed once, at start. */
export const PAGE_ASSETS: ReadonlyMap<string, PageAsset> = new Map(
  Object.entries(TYPES).map(([name, type]) => {
    const body = readFileSync(new URL(`./assets/${name}`, import.meta.url));
    return [name, { type, body, gzipped: gzipSync(body, { level: 9 }) }];
  }),
);

/** Changes whenever a file does: asset URLs carry it, so browsers may cache them for good. */
const VERSION = createHash('sha256')
  .update(Buffer.concat([...PAGE_ASSETS.values()].map(({ body }) => body)))
  .digest('hex')
  .slice(0, 12);

export function assetUrl(name: string): string {
  return `${ASSET_PATH}/${name}?v=${VERSION}`;
}
