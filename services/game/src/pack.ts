import { z } from 'zod';
import { definePackModule, type PackStatus } from '@toolgate/core';
import { createStores, createUpstreamClient, upstreamEnvShape } from '@toolgate/upstream';
import { createGamePack } from './game-pack.ts';
import { createBrawlifyApi } from './upstream/brawlify-api.ts';
import { createHostFallback } from './upstream/host-fallback.ts';
import { createOfficialApi } from './upstream/official-api.ts';
import type { ManifestEnvShape } from './manifest-env.ts';

export const DEFAULT_BRAWLIFY_URL = 'https://api.brawlify.com/v1';
export const DEFAULT_BRAWLIFY_MIRROR_URL = 'https://api.brawlapi.com/v1';

const optional = <T extends z.ZodType<string, string>>(schema: T) =>
  z.string().trim().optional().transform((value) => value || undefined).pipe(schema.optional());

/** The pack's own variables: exactly those its manifest declares (package.json's toolgate.env; src/manifest-env.ts). */
const ownVariables = {
  BRAWLSTARS_API_TOKEN: optional(z.string()),
  BRAWLSTARS_BASE_URL: z.url().default('https://api.brawlstars.com/v1'),
  BRAWLIFY_BASE_URL: optional(z.url()),
  BRAWLIFY_MIRROR_URL: optional(z.union([z.literal('none'), z.url()], { error: 'a URL, or none' })),
} satisfies ManifestEnvShape;

export const gameEnvSchema = z.object({ ...ownVariables, ...upstreamEnvShape });

type GameEnv = z.infer<typeof gameEnvSchema>;

/**
 * Brawlify's hosts, in the order they are asked. The mirror defaults to api.brawlapi.com only while
 * BRAWLIFY_BASE_URL is unset or Brawlify's own address: an operator (or a test) who points Brawlify
 * elsewhere gets no second host they did not name. BRAWLIFY_MIRROR_URL=none turns the mirror off.
 */
export function brawlifyHosts(config: Pick<GameEnv, 'BRAWLIFY_BASE_URL' | 'BRAWLIFY_MIRROR_URL'>): string[] {
  const primary = config.BRAWLIFY_BASE_URL ?? DEFAULT_BRAWLIFY_URL;
  if (config.BRAWLIFY_MIRROR_URL === 'none') return [primary];
  const brawlifysOwn = primary.replace(/\/+$/, '') === DEFAULT_BRAWLIFY_URL;
  const mirror = config.BRAWLIFY_MIRROR_URL ?? (brawlifysOwn ? DEFAULT_BRAWLIFY_MIRROR_URL : undefined);
  return mirror && mirror !== primary ? [primary, mirror] : [primary];
}

const NEEDS_TOKEN: PackStatus = {
  state: 'degraded',
  missing: ['BRAWLSTARS_API_TOKEN'],
  detail: 'player, club and rankings tools need BRAWLSTARS_API_TOKEN; the rest answer from Brawlify',
};

export const gameModule = definePackModule({
  name: 'game',
  defaultPort: 8083,
  envSchema: gameEnvSchema,
  async create(config, { logger, upstreamObserver }) {
    const stores = await createStores({ redisUrl: config.REDIS_URL, redisCommandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger });
    const shared = {
      timeoutMs: config.UPSTREAM_TIMEOUT_MS, cache: stores.cache, maxHoldMs: config.UPSTREAM_MAX_HOLD_SECONDS * 1000, redis: stores.redis, logger, observer: upstreamObserver,
    };
    const token = config.BRAWLSTARS_API_TOKEN;
    const official = token
      ? createUpstreamClient({
          ...shared,
          name: 'Brawl Stars API',
          baseUrl: config.BRAWLSTARS_BASE_URL,
          headers: { authorization: `Bearer ${token}` },
          secrets: [token],
        })
      : undefined;
    const urls = brawlifyHosts(config);
    // With a mirror behind it, a failing first host gets one attempt: the mirror is the retry.
    const hosts = urls.map((baseUrl, index) =>
      createUpstreamClient({ ...shared, name: index === 0 ? 'Brawlify' : 'Brawlify mirror', baseUrl, ...(index === 0 && urls.length > 1 ? { retry: { retries: 0 } } : {}) }),
    );
    const brawlify = createBrawlifyApi(createHostFallback(hosts));
    const officialApi = official ? createOfficialApi(official) : undefined;
    logger.info({ rotation: officialApi ? 'Brawl Stars API' : 'Brawlify', brawlify: urls }, 'game pack sources');
    if (!officialApi) logger.warn('BRAWLSTARS_API_TOKEN is not set: player, club and rankings tools answer with an error until it is');
    return {
      pack: createGamePack({ rotation: officialApi ?? brawlify, official: officialApi, brawlify }),
      status: () => (officialApi ? { state: 'ready' } : NEEDS_TOKEN),
      close: async () => {
        await official?.close();
        await Promise.all(hosts.map((host) => host.close()));
        await stores.close();
      },
    };
  },
});
