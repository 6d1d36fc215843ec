export { readManifests, parseManifest, segmentVariable, PACK_NAME } from './manifest.mjs';
export { derivedFiles, syncPacks } from './sync.mjs';
