export { packModules } from './pack-modules.ts';
export { selectPacks } from './select-packs.ts';
