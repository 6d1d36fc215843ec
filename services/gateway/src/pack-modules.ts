import type { PackModule } from '@toolgate/core';
import { quotesPackModule } from '@toolgate/quotes';

/** Every pack the all-in-one gateway can serve, in the order they are listed at start. */
export const packModules: PackModule[] = [
  quotesPackModule,
];
