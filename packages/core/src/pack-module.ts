import type { z } from 'zod';
import type { Logger } from 'pino';
import type { ReadinessCheck } from './http/health.ts';
import type { Pack } from './pack.ts';

/** What a pack needs from the process that hosts it. */
export interface PackDependencies {
  logger: Logger;
}

export interface BuiltPack {
  pack: Pack;
  readiness?: ReadinessCheck[];
  /** Releases upstream clients, caches and connections at shutdown. */
  close?: () => Promise<void>;
}

/**
 * How a process (the all-in-one gateway or a pack's own service) learns to build a pack:
 * its environment variables, parsed once at start, and a factory taking them.
 */
export interface PackModule<Schema extends z.ZodObject = z.ZodObject> {
  name: string;
  /** Port of the pack's own service when started alone. */
  defaultPort: number;
  envSchema: Schema;
  create(config: z.infer<Schema>, dependencies: PackDependencies): BuiltPack | Promise<BuiltPack>;
}

export function definePackModule<Schema extends z.ZodObject>(module: PackModule<Schema>): PackModule<Schema> {
  return module;
}
