import { ToolError } from '@toolgate/core';
import { z } from 'zod';
import type { OfficialApi } from '../upstream/official-api.ts';
import { normalizeTag, TAG_ALPHABET } from '../upstream/tag.ts';

/** A player or club tag as people type it (`#2PP`, `2pp`, `#2PO`), normalised to `2PP` or refused. */
export const tagInput = (what: 'player' | 'club') =>
  z
    .string()
    .max(20, `${what} tag must be at most 20 characters`)
    .transform((value, context) => {
      const result = normalizeTag(value);
      if (result.ok) return result.tag;
      context.addIssue({ code: 'custom', message: `${what} tag ${result.reason}` });
      return z.NEVER;
    })
    .describe(`The ${what}'s tag as shown in the game, e.g. #2PP; the # is optional, case is ignored, O is read as 0 (tags use only ${TAG_ALPHABET})`);

/** Keyed tools need the official API; without a token they say which variable to set. */
export function requireOfficial(api: OfficialApi | undefined): OfficialApi {
  if (!api) {
    throw new ToolError(
      'The Brawl Stars API is not configured: the operator must set BRAWLSTARS_API_TOKEN (a key from developer.brawlstars.com that allows this server\'s IP) to enable this tool.',
    );
  }
  return api;
}
