import { z } from 'zod';
import { definePackModule, type PackStatus } from '@toolgate/core';
import { createStores, createUpstreamClient, upstreamEnvShape } from '@toolgate/upstream';
import { createConcertPack } from './concert-pack.ts';
import { createBandsintownApi } from './upstream/client.ts';
import type { ManifestEnvShape } from './manifest-env.ts';

/** The pack's own variables: exactly those its manifest declares (package.json's toolgate.env; src/manifest-env.ts). */
const ownVariables = {
  BANDSINTOWN_APP_ID: z.string().trim().optional().transform((value) => value || undefined),
  BANDSINTOWN_BASE_URL: z.url().default('https://rest.bandsintown.com'),
} satisfies ManifestEnvShape;

export const concertEnvSchema = z.object({ ...ownVariables, ...upstreamEnvShape });

const NEEDS_APP_ID: PackStatus = { state: 'degraded', missing: ['BANDSINTOWN_APP_ID'], detail: 'every tool needs BANDSINTOWN_APP_ID (a Bandsintown app id)' };

export const concertModule = definePackModule({
  name: 'concert',
  defaultPort: 8082,
  envSchema: concertEnvSchema,
  async create(config, { logger, upstreamObserver }) {
    const stores = await createStores({ redisUrl: config.REDIS_URL, redisCommandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger });
    const upstream = createUpstreamClient({
      name: 'Bandsintown',
      baseUrl: config.BANDSINTOWN_BASE_URL,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      cache: stores.cache,
      maxHoldMs: config.UPSTREAM_MAX_HOLD_SECONDS * 1000,
      redis: stores.redis,
      secrets: [config.BANDSINTOWN_APP_ID],
      logger,
      observer: upstreamObserver,
    });
    if (!config.BANDSINTOWN_APP_ID) logger.warn('BANDSINTOWN_APP_ID is not set: the events tool will answer with an error until it is');
    const api = config.BANDSINTOWN_APP_ID ? createBandsintownApi(upstream, config.BANDSINTOWN_APP_ID) : undefined;
    return {
      pack: createConcertPack(api),
      status: () => (api ? { state: 'ready' } : NEEDS_APP_ID),
      close: async () => {
        await upstream.close();
        await stores.close();
      },
    };
  },
});
