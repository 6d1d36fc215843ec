import { ToolError } from '@toolgate/core';
import { UpstreamError, type GetOptions, type UpstreamClient } from '@toolgate/upstream';
import type { z } from 'zod';

export interface HostFallback {
  get<Schema extends z.ZodType>(options: GetOptions<Schema>): Promise<z.infer<Schema>>;
}

/** How long a host that stood in for a failing one keeps being asked first. */
export const PREFER_FOR_MS = 10 * 60_000;

/**
 * A keyless host that answers 401/403 is not judging a key: it is turning this server away (Cloudflare
 * has answered automated clients of api.brawlify.com so). The generic "check the API key" would mislead.
 */
function explain(error: UpstreamError): string {
  if (error.statusCode !== 401 && error.statusCode !== 403) return error.message;
  return `${error.upstream}: refused the request (HTTP ${error.statusCode}); it needs no key, so the host is turning this server away (as Cloudflare has done to automated clients)`;
}

/**
 * The same keyless API on several hosts (Brawlify and its mirror). Each request goes to the host that last
 * answered, then to the others when it fails; after PREFER_FOR_MS the first host is tried first
 * again. A 404 is an answer, not a failure: the other host would say the same. The hosts belong to
 * the caller, which closes them.
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
      const forbidden = failures.some((failure) => failure.statusCode === 401 || failure.statusCode === 403);
      if (failures.length === 1 && !forbidden) throw failures[0]!;
      throw new ToolError(failures.map(explain).join('; then '));
    },
  };
}
