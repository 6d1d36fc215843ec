import { ToolError } from '@toolgate/core';
import type { UpstreamClient } from '@toolgate/upstream';
import type { z } from 'zod';
import { explainSportsDbError, readSportsDbBody } from './read-body.ts';

export type SportsDbGet = <Schema extends z.ZodType>(
  endpoint: string,
  /** The key the endpoint keeps its records under (`events`, `results`, `countries` …). */
  recordKey: string,
  params: Record<string, string | number | undefined>,
  schema: Schema,
  ttlMs: number | ((value: z.infer<Schema>) => number),
) => Promise<z.infer<Schema>>;

/**
 * Every v1 call: the key sits in the path (`/json/{key}/eventsday.php`; the upstream client
 * redacts it and hashes cache keys), through the pack's one upstream client, so every tool
 * shares its cache, coalescing and the one request limiter.
 */
export function createSportsDbGet(upstream: UpstreamClient, apiKey: string): SportsDbGet {
  return async (endpoint, recordKey, params, schema, ttlMs) => {
    try {
      // The endpoint is one of the pack's fixed names (eventsday.php): a label with no id or key in it.
      return await upstream.get({ path: `/${encodeURIComponent(apiKey)}/${endpoint}`, params, schema, ttlMs, parse: (text) => readSportsDbBody(text, recordKey), operation: endpoint });
    } catch (error) {
      throw explainSportsDbError(error);
    }
  };
}

/** `null` is no records; a string where the records belong is TheSportsDB rejecting a parameter. */
export function recordsOf<Item>(value: Item[] | string | null | undefined, endpoint: string): Item[] {
  if (typeof value === 'string') throw new ToolError(`TheSportsDB rejected the request to ${endpoint}: "${value.slice(0, 200)}"`);
  return value ?? [];
}
