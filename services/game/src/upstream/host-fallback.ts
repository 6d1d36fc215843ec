import { ToolError } from '@toolgate/core';
import { UpstreamError, type GetOptions, type UpstreamClient } from '@toolgate/upstream';
import type { z } from 'zod';

export interface HostFallback {
  get<Schema extends z.ZodType>(options: GetOptions<Schema>): Promise<z.infer<Schema>>;
  close(): Promise<void>;
}

/** How long a host that stood in for a failing one keeps being asked first. */
export const PREFER_FOR_MS = 10 * 60_000;

/**
 * The same API on several hosts (Brawlify and its mirror). Each request goes to the host that last
 * answered, then to the others when it fails; after PREFER_FOR_MS the first host is tried first
 * again. A 404 is an answer, not a failure: the other host would say the same.
 */
export function createHostFallback(hosts: UpstreamClient[], now: () => number = Date.now): HostFallback {
  let preferred = 0;
  let preferredSince = 0;
  return {
    async get(options) {
      if (preferred !== 0 && now() - preferredSince > PREFER_FOR_MS) preferred = 0;
      const order = [preferred, ...hosts.keys()].filter((index, position, all) => all.indexOf(index) === position);
      const failures: UpstreamError[] = [];
      for (const index of order) {
        try {
          const value = await hosts[index]!.get(options);
          if (index !== preferred) {
            preferred = index;
            preferredSince = now();
          }
          return value;
        } catch (error) {
          if (!(error instanceof UpstreamError) || error.statusCode === 404) throw error;
          failures.push(error);
        }
      }
      if (failures.length === 1) throw failures[0]!;
      throw new ToolError(failures.map((failure) => failure.message).join('; then '));
    },
    async close() {
      await Promise.all(hosts.map((host) => host.close()));
    },
  };
}
