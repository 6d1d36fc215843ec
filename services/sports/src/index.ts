export { sportsModule, sportsEnvSchema } from './pack.ts';
export { createSportsPack } from './sports-pack.ts';
export { createSportsDbApi } from './upstream/client.ts';
export type { SportsDbApi } from './upstream/client.ts';
