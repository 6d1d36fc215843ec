export { sportsModule, sportsEnvSchema } from './pack.ts';
export { createSportsPack } from './app.ts';
export { createSportsDbApi } from './upstream/client.ts';
export type { SportsDbApi } from './upstream/client.ts';
