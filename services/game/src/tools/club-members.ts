import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { OfficialApi } from '../upstream/official-api.ts';
import { clubMemberSchema } from './club-member-schema.ts';
import { requireOfficial, tagInput } from './inputs.ts';

export function clubMembersTool(api: OfficialApi | undefined) {
  return defineTool({
    name: 'club_members',
    title: 'Brawl Stars club members',
    description: "A Brawl Stars club's members by club tag, in the API's order (most trophies first): tag, name, role, trophies. Needs BRAWLSTARS_API_TOKEN.",
    inputSchema: z.object({ tag: tagInput('club') }),
    outputSchema: z.object({ count: z.number().int(), items: z.array(clubMemberSchema) }),
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ tag }) {
      const items = await requireOfficial(api).clubMembers(tag);
      return { count: items.length, items };
    },
  });
}
