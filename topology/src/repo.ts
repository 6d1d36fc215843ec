import { fileURLToPath } from 'node:url';

/** The repository's root directory (this package sits one level below it). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export const renderScript = `${repoRoot}nginx/render.sh`;
