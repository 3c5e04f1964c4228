/**
 * What Slack says about a person (users.info) and whether they are in the admin user group
 * (usergroups.users.list), each cached in the store for a few minutes: most requests add no Slack call, and the
 * first one of a person makes it after the ack (the check runs when the platform is first needed).
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { Store } from '../../store/store.ts';
import type { PersonFacts } from '../rules/person-gate.ts';

export const FACTS_TTL_MS = 5 * 60_000;

const userInfo = z.looseObject({
  user: z.looseObject({
    id: z.string(),
    team_id: z.string().optional(),
    name: z.string().optional(),
    real_name: z.string().optional(),
    deleted: z.boolean().optional(),
    is_bot: z.boolean().optional(),
    is_app_user: z.boolean().optional(),
    is_restricted: z.boolean().optional(),
    is_ultra_restricted: z.boolean().optional(),
    is_admin: z.boolean().optional(),
    is_owner: z.boolean().optional(),
    enterprise_user: z.looseObject({ enterprise_id: z.string().optional() }).optional(),
    profile: z
      .looseObject({
        email: z.string().optional(),
        real_name: z.string().optional(),
        team: z.string().optional(),
      })
      .optional(),
  }),
});

export function factsFrom(raw: unknown): PersonFacts {
  const u = userInfo.parse(raw).user;
  return {
    userId: u.id,
    teamId: u.team_id ?? u.profile?.team,
    name: u.real_name || u.profile?.real_name || u.name || u.id,
    email: u.profile?.email,
    deleted: u.deleted === true,
    isBot: u.is_bot === true || u.is_app_user === true,
    isRestricted: u.is_restricted === true,
    isUltraRestricted: u.is_ultra_restricted === true,
    isAdmin: u.is_admin === true,
    isOwner: u.is_owner === true,
    ...(u.enterprise_user?.enterprise_id ? { enterpriseId: u.enterprise_user.enterprise_id } : {}),
  };
}

const usergroupsList = z.looseObject({
  usergroups: z.array(z.looseObject({ id: z.string(), handle: z.string().optional() })).optional(),
});
const usergroupUsers = z.looseObject({ users: z.array(z.string()).optional() });

export interface PersonDirectory {
  facts(client: WebClient, teamId: string, userId: string): Promise<PersonFacts>;
  inAdminGroup(client: WebClient, userId: string): Promise<boolean>;
}

export function createPersonDirectory(deps: {
  store: Store;
  /** Where facts are cached (the store, or a near cache in front of it: read on every request). */
  factsStore?: Store;
  adminGroup: string | undefined;
}): PersonDirectory {
  const store = deps.store.namespace('access');
  const factsStore = (deps.factsStore ?? deps.store).namespace('access');
  return {
    async facts(client, teamId, userId) {
      const key = `facts:${teamId}:${userId}`;
      const cached = await factsStore.get<PersonFacts>(key);
      if (cached) return cached;
      const facts = factsFrom(await client.users.info({ user: userId }));
      await factsStore.set(key, facts, FACTS_TTL_MS);
      return facts;
    },
    async inAdminGroup(client, userId) {
      const group = deps.adminGroup;
      if (!group) return false;
      const key = `admin-group:${group}`;
      let members = await store.get<string[]>(key);
      if (!members) {
        // FIELDLINE_ADMIN_GROUP is a user group's ID (S…) or its handle (without @).
        const handle = group.replace(/^@/, '');
        const id = /^S[A-Z0-9]+$/.test(handle)
          ? handle
          : usergroupsList
              .parse(await client.usergroups.list({}))
              .usergroups?.find((g) => g.handle === handle)?.id;
        members = id
          ? (usergroupUsers.parse(await client.usergroups.users.list({ usergroup: id })).users ?? [])
          : [];
        await store.set(key, members, FACTS_TTL_MS);
      }
      return members.includes(userId);
    },
  };
}
