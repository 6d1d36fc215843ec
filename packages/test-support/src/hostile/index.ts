import { fileURLToPath } from 'node:url';

export { endlessEvent } from './endless-answer.ts';
export { nestedSchema, startHostileHttpServer, tool } from './http-kit.ts';
export type { HostileBehaviour, HostileHttpServer, RpcRequest } from './http-kit.ts';
export { ADDED, HONEST, POISONED, startRugPullServer } from './rug-pull.ts';
export type { RugPullServer } from './rug-pull.ts';

/** The hostile stdio servers, each a script a servers file runs with `node`. */
export type HostileStdioServer = 'forking-server' | 'stderr-flood-server' | 'stdout-flood-server' | 'error-server';

/** The path of a hostile stdio server's script, for a servers file's `args`. */
export const hostileStdioServer = (name: HostileStdioServer) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
