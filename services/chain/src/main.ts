import { runMain } from '@toolgate/core';
import { chainPackModule } from './pack.ts';

runMain({ service: 'chain', modules: [chainPackModule], defaultPort: chainPackModule.defaultPort });
