import { z } from 'zod';
import { catalogTools, type CatalogPack } from './catalog.ts';
import { peerPromptsSchema, peerResourcesSchema } from './catalog-content.ts';

/** Where a process serves its own packs' catalog, for the page of another (CATALOG_PEERS). */
export const CATALOG_PATH = '/_toolgate/catalog';

const MAX_CATALOG_BYTES = 4 * 1024 * 1024;

/** What a peer's catalog must look like before any of it reaches the page; the rest is dropped. */
const peerCatalogSchema = z.object({
  packs: z
    .array(
      z.object({
        name: z.string().min(1).max(100),
        segment: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i),
        version: z.string().max(100).optional(),
        status: z.object({
          state: z.enum(['ready', 'degraded', 'down']),
          missing: z.array(z.string().max(100)).max(20).optional(),
          detail: z.string().max(2_000).optional(),
        }),
        // Checked tool by tool (catalog.ts), as this process's own are.
        tools: z.array(z.unknown()).max(1_000).transform(catalogTools),
        prompts: peerPromptsSchema,
        resources: peerResourcesSchema,
      }),
    )
    .max(200),
});

/** A peer whose packs the page could not show, and why (said on the page). */
export interface UnreachablePeer {
  url: string;
  problem: string;
}

export type PeerResult = { url: string; packs: CatalogPack[] } | UnreachablePeer;

/**
 * Asks another toolgate process (a pack's own service, behind the same nginx) for its packs, so
 * one page shows every pack of a split deployment. Bounded: a peer that is slow, down or answers
 * nonsense becomes a line on the page, never a hung or broken page.
 */
export async function fetchPeerCatalog(url: string, timeoutMs: number, fetcher: typeof fetch = fetch, last?: Map<string, { text: string; result: PeerResult }>): Promise<PeerResult> {
  try {
    const response = await fetcher(`${url}${CATALOG_PATH}`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) return { url, problem: `answered HTTP ${response.status}` };
    const text = await response.text();
    if (text.length > MAX_CATALOG_BYTES) return { url, problem: 'answered a catalog too large to show' };
    // The same catalog as last time is the same result: its packs keep their identity, so the page is not rendered again.
    const previous = last?.get(url);
    if (previous?.text === text) return previous.result;
    const parsed = peerCatalogSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return { url, problem: 'answered something that is not a toolgate catalog' };
    const result = { url, packs: parsed.data.packs };
    last?.set(url, { text, result });
    return result;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError') return { url, problem: `did not answer within ${timeoutMs} ms` };
    if (error instanceof SyntaxError) return { url, problem: 'answered something that is not JSON' };
    return { url, problem: 'could not be reached' };
  }
}

export interface PageCatalog {
  packs: CatalogPack[];
  unreachable: UnreachablePeer[];
}

/**
 * This process's packs, then each peer's in the order given; a pack whose path a pack before it
 * already has is shown once (every pack service may list every other, itself included).
 */
export function pageCatalog(local: () => Promise<CatalogPack[]>, peers: readonly string[], timeoutMs = 2_000): () => Promise<PageCatalog> {
  const last = new Map<string, { text: string; result: PeerResult }>();
  return async () => {
    const [own, ...fromPeers] = await Promise.all([local(), ...peers.map((url) => fetchPeerCatalog(url, timeoutMs, fetch, last))]);
    const packs = [...own!];
    const seen = new Set(packs.map(({ segment }) => segment));
    const unreachable: UnreachablePeer[] = [];
    for (const result of fromPeers as PeerResult[]) {
      if (!('packs' in result)) {
        unreachable.push(result);
        continue;
      }
      for (const pack of result.packs) {
        if (seen.has(pack.segment)) continue;
        seen.add(pack.segment);
        packs.push(pack);
      }
    }
    return { packs, unreachable };
  };
}
