import { runMain } from '@toolgate/core/server';
import { gameModule } from './pack.ts';

runMain({ service: 'game', modules: [gameModule], defaultPort: gameModule.defaultPort });
