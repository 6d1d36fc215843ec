import type { PackModule } from '@toolgate/core';
import { chainPackModule } from '@toolgate/chain';

/** Every pack the all-in-one gateway can serve, in the order they are listed at start. */
export const packModules: PackModule[] = [
  chainPackModule,
];
