export { BUILT_IN_PACK_NAMES, selectRemote } from './select-remote.ts';
