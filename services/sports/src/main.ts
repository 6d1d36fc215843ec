import { runMain } from '@toolgate/core/server';
import { sportsModule } from './pack.ts';

runMain({ service: 'sports', modules: [sportsModule], defaultPort: sportsModule.defaultPort });
