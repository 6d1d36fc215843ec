import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { CatalogPack } from './catalog.ts';
import { ASSET_PATH, PAGE_ASSETS } from './page-assets.ts';
import { CATALOG_PATH, type PageCatalog } from './peer-catalog.ts';
import { PageCache } from './page-cache.ts';
import { renderPage } from './render-page.ts';

/**
 * Only the gateway's own files, no inline script or style, no frames, and fetches to the
 * gateway itself (the tools' MCP endpoints): markup that slips into a description could run nothing.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface PageOptions {
  /** Every pack to show, asked afresh for each page: the same tools and states clients and /healthz see. */
  catalog: () => Promise<PageCatalog>;
  /** This process's own packs: what it answers at CATALOG_PATH for another process's page. */
  localCatalog: () => Promise<CatalogPack[]>;
  /** PUBLIC_URL: the base URL shown to clients; else the request's scheme and host (as TRUST_PROXY lets them be told). */
  publicUrl?: string | undefined;
  /** API_KEYS or OAuth on. */
  keyed: boolean;
  /** `/mcp` here serves every pack the page shows (no CATALOG_PEERS): the page offers it. */
  oneUrl: boolean;
}

/** Whether two reads of the local catalog show the same: the same tools arrays (catalog.ts keeps them) and states. */
function sameCatalog(before: readonly CatalogPack[], now: readonly CatalogPack[]): boolean {
  return before.length === now.length && before.every((pack, index) => pack.tools === now[index]!.tools && JSON.stringify(pack.status) === JSON.stringify(now[index]!.status));
}

/** A browser's request asks for HTML; MCP clients ask for JSON or an event stream. */
export function wantsHtml(request: IncomingMessage): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.toLowerCase().includes('text/html');
}

function setPageHeaders(response: Response, type: string): void {
  response.setHeader('content-type', type);
  response.setHeader('content-security-policy', PAGE_CSP);
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('referrer-policy', 'no-referrer');
  response.setHeader('vary', 'Accept, Accept-Encoding');
}

function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/i.test(request.headers['accept-encoding'] ?? '');
}

/**
 * `GET /` for a browser: the catalog and playground page. `GET /_toolgate/page/<file>`: its
 * script, style and icon. Any other `GET /` (an MCP client, curl) falls through to the 404 it got
 * before. `GET /_toolgate/catalog`: this process's packs as JSON, for the page of a peer
 * (docs/catalog-page.md#through-nginx); it says no more than the page does.
 */
export function pageRoutes(options: PageOptions): Router {
  const router = Router({ caseSensitive: true, strict: true });
  const baseUrlOf = (request: Request) => (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  const pages = new PageCache(renderPage);
  router.get('/', async (request: Request, response: Response, next: NextFunction) => {
    if (!wantsHtml(request)) return next();
    const { packs, unreachable } = await options.catalog();
    const page = pages.page({ packs, unreachable, baseUrl: baseUrlOf(request), keyed: options.keyed, oneUrl: options.oneUrl });
    setPageHeaders(response, 'text/html; charset=utf-8');
    // Pack states change: never served from a cache.
    response.setHeader('cache-control', 'no-store');
    const compressed = acceptsGzip(request) ? page.gzip() : undefined;
    if (compressed) {
      response.setHeader('content-encoding', 'gzip');
      response.end(await compressed);
    } else {
      response.end(page.html);
    }
  });

  // This process's packs for a peer's page, serialised once per catalog version too.
  let catalogJson: { packs: readonly CatalogPack[]; json: string } | undefined;
  router.get(CATALOG_PATH, async (_request: Request, response: Response) => {
    const packs = await options.localCatalog();
    if (!catalogJson || !sameCatalog(catalogJson.packs, packs)) catalogJson = { packs, json: JSON.stringify({ packs }) };
    response.setHeader('cache-control', 'no-store');
    response.type('application/json').send(catalogJson.json);
  });

  router.get(`${ASSET_PATH}/:name`, (request: Request, response: Response, next: NextFunction) => {
    const asset = PAGE_ASSETS.get(request.params.name as string);
    if (!asset) return next();
    setPageHeaders(response, asset.type);
    // Their URLs carry a version (page-assets.ts), so a changed file is a new URL.
    response.setHeader('cache-control', 'public, max-age=31536000, immutable');
    const gzip = acceptsGzip(request);
    if (gzip) response.setHeader('content-encoding', 'gzip');
    response.end(gzip ? asset.gzipped : asset.body);
  });
  return router;
}

/**
 * `GET /<segment>/mcp` from a browser goes to that pack's part of the page (`pack-<segment>`),
 * `GET /mcp` to the one-URL part. Runs before the origin check and the key check: a person
 * following a link has no key to show. MCP clients (which ask for JSON or an event stream, or
 * POST) pass through untouched.
 */
export function browserRedirect(anchor: string) {
  const location = `/#${anchor}`;
  /** Whether it answered: a browser's GET. */
  return function redirectBrowser(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || !wantsHtml(request)) return false;
    response.statusCode = 303;
    response.setHeader('location', location);
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.end(`See ${location}\n`);
    return true;
  };
}
