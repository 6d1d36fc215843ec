import { runMain } from '@toolgate/core';
import { sportsModule } from './pack.ts';

runMain({ service: 'sports', modules: [sportsModule], defaultPort: sportsModule.defaultPort });
