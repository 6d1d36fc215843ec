import { z } from 'zod';
import { defineTool } from '@toolgate/core';
import type { OfficialApi } from '../upstream/official-api.ts';
import { clubMemberSchema } from './club-member-schema.ts';
import { requireOfficial, tagInput } from './inputs.ts';

const outputSchema = z.object({
  tag: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string().nullable().describe('open, inviteOnly or closed'),
  badgeId: z.number().int().nullable(),
  requiredTrophies: z.number().int().nullable(),
  trophies: z.number().int().nullable().describe("Sum of the members' trophies"),
  memberCount: z.number().int(),
  members: z.array(clubMemberSchema),
});

export function clubTool(api: OfficialApi | undefined) {
  return defineTool({
    name: 'club',
    title: 'Brawl Stars club',
    description: 'A Brawl Stars club by tag: name, description, type, required and total trophies, and its members with roles. Needs BRAWLSTARS_API_TOKEN.',
    inputSchema: z.object({ tag: tagInput('club') }),
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async handler({ tag }) {
      return requireOfficial(api).club(tag);
    },
  });
}
