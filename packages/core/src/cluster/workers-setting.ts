import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * `WORKERS`: how many processes serve the one port. A whole number, or `auto` for the cores
 * this process may use (os.availableParallelism(), which honours CPU affinity). Unset: 1, one
 * process as before, with no cluster primary in front of it.
 */
export const clusterEnvSchema = z.object({
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int('a whole number').min(1, 'at least 1').max(256, 'at most 256')], {
      error: 'a whole number from 1 to 256, or auto',
    })
    .default(1)
    .transform((value) => (value === 'auto' ? availableParallelism() : value)),
});

export type ClusterEnv = z.infer<typeof clusterEnvSchema>;
