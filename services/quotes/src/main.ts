import { runMain } from '@toolgate/core/server';
import { quotesPackModule } from './pack.ts';

runMain({ service: 'quotes', modules: [quotesPackModule], defaultPort: quotesPackModule.defaultPort });
