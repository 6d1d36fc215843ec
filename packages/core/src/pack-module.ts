import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Tracing } from './observability/tracing.ts';
import type { Pack } from './pack.ts';
import type { UpstreamObserver } from './upstream-observer.ts';

/** What a pack needs from the process that hosts it. */
export interface PackDependencies {
  logger: Logger;
  /** Hand it to every upstream client and cache the pack makes (metrics and traces watch through it). */
  upstreamObserver?: UpstreamObserver;
  /** OpenTelemetry tracing, for what a pack sends on (remote MCP servers); none when it is off. */
  tracing?: Tracing;
}

/**
 * What a pack says of itself, on `/healthz` and on the catalog page: one source for both.
 * Built-in and remote packs report it the same way.
 */
export interface PackStatus {
  /**
   * `ready`: every tool can answer. `degraded`: some tools cannot until `missing` is set, or an
   * upstream is failing. `down`: no tool can answer (a remote MCP server unreachable).
   */
  state: 'ready' | 'degraded' | 'down';
  /** Environment variables that would make more tools answer: names only, never values. */
  missing?: string[];
  /** One line for a person: what is wrong and what to do. Never a secret. */
  detail?: string;
  /**
   * Tools whose definition changed on a fronted server and is held back until an operator accepts
   * it (tool pinning, docs/federation.md#tool-pinning); counted in `toolgate_tool_changes_held`.
   */
  heldChanges?: number;
}

/** A dependency the pack needs to serve (a database, a remote server): /readyz asks each. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
}

export interface BuiltPack {
  pack: Pack;
  readiness?: ReadinessCheck[];
  /** The pack's state now; a pack without it is always ready. Cheap: called on every /healthz. */
  status?: () => PackStatus;
  /** Releases upstream clients, caches and connections at shutdown. */
  close?: () => Promise<void>;
}

/** A built pack at its path: the one shape that flows from start-up (start.ts) to /healthz and the page. */
export type MountedPack = BuiltPack & {
  /** Its path segment: `/<segment>/mcp` (`<PACK>_SEGMENT`, else the pack's name). */
  segment: string;
};

const READY: PackStatus = { state: 'ready' };

/** A pack's state now: what it says, or ready when it says nothing. */
export function statusOf(pack: Pick<BuiltPack, 'status'>): PackStatus {
  return pack.status?.() ?? READY;
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
