export { readManifests, parseManifest, segmentVariable, PACK_NAME } from './manifest.mjs';
export { derivedFiles, loadServersFile, serversPathFrom, syncPacks } from './sync.mjs';
export { COMPOSE_OVERRIDE, PROMETHEUS_REMOTE_CONFIG, REMOTE_DIR } from './remote.mjs';
export { SWARM_REMOTE_STACK, SWARM_STACK } from './swarm.mjs';
