export { gameModule, gameEnvSchema } from './pack.ts';
export { createGamePack } from './app.ts';
export { createBrawlifySource, createOfficialSource } from './upstream/client.ts';
export type { RotationSource } from './upstream/client.ts';
