import type { PackModule } from '@toolgate/core';
import { chainPackModule } from '@toolgate/chain';
import { concertModule } from '@toolgate/concert';
import { gameModule } from '@toolgate/game';
import { quotesPackModule } from '@toolgate/quotes';
import { sportsModule } from '@toolgate/sports';

/** Every pack the all-in-one gateway can serve, in the order they are listed at start. */
export const packModules: PackModule[] = [
  chainPackModule,
  concertModule,
  gameModule,
  sportsModule,
  quotesPackModule,
];
