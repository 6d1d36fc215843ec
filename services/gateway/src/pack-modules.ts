import type { PackModule } from '@toolgate/core';

/** Every pack the all-in-one gateway can serve, in the order they are listed at start. */
export const packModules: PackModule[] = [];
