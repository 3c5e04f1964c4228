/**
 * Slack user → platform user, by email: the Slack profile email (users.info) matched to assignee emails seen
 * on tasks. The platform has no people endpoint in the contract, so tasks are the only source; on a miss the
 * directory scans GET /tasks once (throttled) before answering "no match".
 */
import { z } from 'zod';
import type { Assignee, Task } from '../monitoring/api.ts';
import { withNearCache } from '../store/near-cache.ts';
import type { Store } from '../store/store.ts';
import type { PeopleDirectory, PersonMatch, SlackProfiles } from './types.ts';

/** The record of learned people under a root's `directory:` namespace. */
export const PEOPLE_KEY = 'people';
const PEOPLE_TTL_MS = 7 * 24 * 3600_000;
const EMAIL_TTL_MS = 3600_000;
/** Slack emails answered from this thread's memory for a minute (every "mine", Home tab and assignee asks). */
const EMAIL_NEAR = { ttlMs: 60_000, max: 2_000 };
/** People kept in memory; the store holds every one learned (a miss reads it again). */
const MAX_PEOPLE = 20_000;

const usersInfo = z.looseObject({
  user: z.looseObject({ profile: z.looseObject({ email: z.string().optional() }).optional() }).optional(),
});

const normEmail = (email: string): string => email.trim().toLowerCase();

export function createPeopleDirectory(deps: {
  store: Store;
  scan(signal?: AbortSignal): Promise<void>;
  now?: () => number;
}): PeopleDirectory {
  const store = deps.store.namespace('directory');
  const emails = withNearCache(deps.store, {
    ...EMAIL_NEAR,
    ...(deps.now ? { now: deps.now } : {}),
  }).namespace('directory');
  const byEmail = new Map<string, Assignee>();
  /** The same people come back on every page: email as the platform spelt it → id, to skip them quickly. */
  const known = new Map<string, string>();
  let loaded = false;

  function remember(email: string, person: Assignee): void {
    byEmail.set(email, person);
    if (byEmail.size > MAX_PEOPLE) byEmail.delete(byEmail.keys().next().value ?? email);
  }

  async function loadShared(): Promise<void> {
    const shared = await store.get<Record<string, Assignee>>(PEOPLE_KEY);
    for (const [email, person] of Object.entries(shared ?? {}))
      if (!byEmail.has(email)) remember(email, person);
    loaded = true;
  }

  /**
   * Adds the people this replica knows to what the store holds, in one atomic step: replicas and job threads
   * learning at once each keep what the others added (issue 35: a read, merge and write lost theirs).
   */
  async function share(): Promise<void> {
    const mine = Object.fromEntries(byEmail);
    await store.update<Record<string, Assignee>>(
      PEOPLE_KEY,
      (shared) => ({ ...shared, ...mine }),
      PEOPLE_TTL_MS,
    );
  }

  const people: PeopleDirectory = {
    learn(tasks: Iterable<Pick<Task, 'assignee'>>) {
      let changed = false;
      for (const { assignee } of tasks) {
        if (!assignee?.email || !assignee.id || known.get(assignee.email) === assignee.id) continue;
        const email = normEmail(assignee.email);
        if (byEmail.get(email)?.id !== assignee.id) {
          remember(email, assignee);
          changed = true;
        }
        if (known.size >= MAX_PEOPLE) known.clear();
        known.set(assignee.email, assignee.id);
      }
      if (changed) void share().catch(() => undefined);
      return changed;
    },

    async slackEmail(client: SlackProfiles, slackUserId: string) {
      const key = `slack-email:${slackUserId}`;
      const cached = await emails.get<{ email: string | null }>(key);
      if (cached) return cached.email ?? undefined;
      const parsed = usersInfo.parse(await client.users.info({ user: slackUserId }));
      const email = parsed.user?.profile?.email;
      await emails.set(key, { email: email ? normEmail(email) : null }, EMAIL_TTL_MS);
      return email ? normEmail(email) : undefined;
    },

    async byId(id) {
      const shared = await store.get<Record<string, Assignee>>(PEOPLE_KEY);
      return Object.values(shared ?? {}).find((p) => p.id === id);
    },

    async platformUserFor(client, slackUserId, signal): Promise<PersonMatch> {
      const email = await people.slackEmail(client, slackUserId);
      if (!email) return { kind: 'no-email' };
      if (!loaded || !byEmail.has(email)) await loadShared();
      let assignee = byEmail.get(email);
      if (!assignee) {
        await deps.scan(signal);
        assignee = byEmail.get(email);
      }
      return assignee ? { kind: 'found', assignee } : { kind: 'no-match', email };
    },
  };
  return people;
}
