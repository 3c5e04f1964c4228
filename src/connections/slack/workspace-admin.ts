/**
 * Whether the person is an admin or owner of the workspace, asked of Slack each time (users.info, not a cached
 * copy and never a value from the payload): setting where a whole workspace's data comes from is theirs alone.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';

const userInfo = z.looseObject({
  user: z.looseObject({
    deleted: z.boolean().optional(),
    is_admin: z.boolean().optional(),
    is_owner: z.boolean().optional(),
    is_restricted: z.boolean().optional(),
  }),
});

export async function isWorkspaceAdmin(client: WebClient, userId: string): Promise<boolean> {
  const parsed = userInfo.safeParse(await client.users.info({ user: userId }));
  if (!parsed.success) return false;
  const u = parsed.data.user;
  return u.deleted !== true && u.is_restricted !== true && (u.is_admin === true || u.is_owner === true);
}
