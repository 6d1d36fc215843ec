export { concertModule, concertEnvSchema } from './pack.ts';
export { createConcertPack } from './concert-pack.ts';
export { createBandsintownApi } from './upstream/client.ts';
export type { BandsintownApi, EventQuery } from './upstream/client.ts';
