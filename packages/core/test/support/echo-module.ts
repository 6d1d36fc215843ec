import { z } from 'zod';
import { definePackModule } from '../../src/index.ts';
import { echoPack } from '../echo-pack.ts';

/** The echo pack as a module, so tests can start it the way a real process does (startServer). */
export const echoModule = definePackModule({
  name: 'echo',
  defaultPort: 0,
  envSchema: z.object({}),
  create: () => ({ pack: echoPack }),
});
