import { runMain } from '@toolgate/core/server';
import { chainPackModule } from './pack.ts';

runMain({ service: 'chain', modules: [chainPackModule], defaultPort: chainPackModule.defaultPort });
