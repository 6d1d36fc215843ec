export { chainPackModule } from './pack.ts';
export { createChainPack } from './chain-pack.ts';
export type { ChainPack, ChainPackOptions } from './chain-pack.ts';
export { chainEnvSchema } from './config.ts';
export type { ChainEnv } from './config.ts';
export type { HttpTransport } from './upstream/http-transport.ts';
export type { CacheStore } from '@toolgate/upstream';
