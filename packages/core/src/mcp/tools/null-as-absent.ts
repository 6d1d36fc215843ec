import type { z } from 'zod';

/**
 * Arguments with `null` dropped where the tool's schema allows the argument to be left out but not
 * to be `null`: several strict-mode clients send `null` for an optional argument they do not give
 * (OpenAI's strict function calling makes every property required, optional ones nullable).
 * `null` where the schema takes it, or for a required argument, is left for validation to judge.
 */
export function nullAsAbsent(inputSchema: z.ZodObject, args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const shape = inputSchema.shape as Record<string, z.ZodType>;
  const entries = Object.entries(args as Record<string, unknown>);
  if (!entries.some(([, value]) => value === null)) return args;
  return Object.fromEntries(
    entries.filter(([key, value]) => {
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (value !== null || field === undefined) return true;
      return !(field.safeParse(undefined).success && !field.safeParse(null).success);
    }),
  );
}
