import { z } from 'zod';
import { SCENARIOS } from './scenarios.ts';

const seconds = (fallback: number) => z.coerce.number().min(0).max(600).default(fallback);

const benchEnvSchema = z.object({
  BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(50),
  BENCH_WARMUP_S: seconds(3),
  /** Measured seconds per server, split into BENCH_ROUNDS turns. */
  BENCH_DURATION_S: seconds(10).refine((value) => value > 0, 'must be above 0'),
  BENCH_ROUNDS: z.coerce.number().int().min(1).max(100).default(5),
  /** Requests per second offered to each server for the fixed-load run (0 skips it), and for how long. */
  BENCH_FIXED_RATE: z.coerce.number().int().min(0).max(1_000_000).default(400),
  BENCH_FIXED_S: seconds(5),
  /** Comma-separated scenario names, to measure a subset (e.g. `toolgate,express`). */
  BENCH_ONLY: z
    .string()
    .optional()
    .transform((value) => value?.split(',').map((name) => name.trim()).filter(Boolean))
    .refine((names) => !names || names.every((name) => SCENARIOS.some((scenario) => scenario.name === name)), {
      message: `names must be among ${SCENARIOS.map(({ name }) => name).join(', ')}`,
    }),
});

export type BenchConfig = z.infer<typeof benchEnvSchema>;

/** Reads the bench's knobs once; a bad value stops the run with every problem named. */
export function parseBenchEnv(env: NodeJS.ProcessEnv): BenchConfig {
  const parsed = benchEnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`invalid benchmark settings:\n${problems.join('\n')}`);
}
