import { runMain } from '@toolgate/core/server';
import { concertModule } from './pack.ts';

runMain({ service: 'concert', modules: [concertModule], defaultPort: concertModule.defaultPort });
