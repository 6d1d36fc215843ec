export { gameModule, gameEnvSchema, brawlifyHosts } from './pack.ts';
export { createGamePack } from './game-pack.ts';
export type { GameDependencies } from './game-pack.ts';
export { createOfficialApi } from './upstream/official-api.ts';
export type { OfficialApi } from './upstream/official-api.ts';
export { createBrawlifyApi } from './upstream/brawlify-api.ts';
export type { BrawlifyApi } from './upstream/brawlify-api.ts';
export { createHostFallback } from './upstream/host-fallback.ts';
export type { RotationSource } from './tools/events-rotation.ts';
