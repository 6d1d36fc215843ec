export { remotePackModules, REMOTE_PACK_DEFAULT_PORT } from './remote-pack-modules.ts';
export { connectionBoundsOf, DEFAULT_CONNECTION_BOUNDS, federationEnvSchema } from './federation-settings.ts';
export type { ConnectionBounds, ListBounds } from './federation-settings.ts';
export { readServersFile } from './servers-file.ts';
export type { RemoteServerEntry, ServerEntry, StdioServerEntry } from './servers-file.ts';
export { createRemotePack } from './remote-pack.ts';
export type { RemotePackOptions } from './remote-pack.ts';
