/**
 * Whose key is this? The platform contract has no "who am I" read: a key "resolves to a user context"
 * (Authentication rule 3) that shows only in what the key writes — a task's `auditInfo.createdBy` is its user.
 * So the check writes one task with the candidate key and reads its author back:
 *
 * - status 25 Cancelled from creation (state table: "statusId given → that status"), no assignee, no opening
 *   comment (`noInitialComment`), named so that anyone who sees it knows what it was;
 * - in a site the key itself sees (a data source of its own site, not one shared with it: it may only read those);
 * - found again by its unique name (`textSearch`), which gives `auditInfo.createdBy.id`.
 *
 * Then the owner's email, from the people fieldline already learned (`knownPeople`), else from a task assigned to
 * them that the key sees (GET /tasks `assigneeIds`). No Slack here.
 */
import { randomBytes } from 'node:crypto';
import type { Assignee, MonitoringApi } from '../../monitoring/api.ts';
import { isMonitoringError } from '../../monitoring/index.ts';

export interface KeyOwner {
  id: string;
  name: string | null;
  email: string | null;
}

export type KeyOwnerCheck =
  | { ok: true; owner: KeyOwner }
  | { ok: false; problem: 'not-recognised' | 'unavailable' | 'no-site' | 'cannot-write' };

export const KEY_CHECK_TASK_NAME = 'fieldline key check';
/** Rows read to find a site the key owns (the list's order puts shared sources anywhere). */
const SITE_ROWS = 20;
/** Status 25 Cancelled (contract: States): the check task never appears as open work. */
const CANCELLED = '25';

/** contract: Authentication rule 2 (403: key not recognised) and rule 3 (401: the key's user may not write there). */
export async function identifyKeyOwner(
  client: MonitoringApi,
  knownPeople: (id: string) => Promise<Assignee | undefined>,
  signal?: AbortSignal,
): Promise<KeyOwnerCheck> {
  try {
    // Paging rule 1: limit always sent.
    const page = await client.dataSources.listPage({ limit: SITE_ROWS }, null, signal);
    const own = page.rows.find((r) => !r.isShared) ?? page.rows[0];
    if (!own?.site.id) return { ok: false, problem: 'no-site' };
    const siteId = own.site.id;
    const marker = `${KEY_CHECK_TASK_NAME} ${randomBytes(6).toString('hex')}`;
    const { taskId } = await client.tasks.create(
      {
        name: marker,
        siteId,
        typeId: '1',
        statusId: CANCELLED,
        noInitialComment: true,
        description:
          'Created by fieldline when someone connected this platform API key in Slack, to learn which platform user the key belongs to. Cancelled at once; nothing to do.',
      },
      signal,
    );
    // Paging rule 3: the same textSearch on every page; one page is enough for a unique name.
    const found = await client.tasks.listPage(
      { limit: 5, textSearch: marker, siteIds: [siteId] },
      null,
      signal,
    );
    const task = found.rows.find((t) => String(t.id) === String(taskId));
    const id = task?.auditInfo?.createdBy?.id;
    if (id === undefined || id === null || String(id) === '') return { ok: false, problem: 'unavailable' };
    return { ok: true, owner: await describeOwner(client, knownPeople, String(id), signal) };
  } catch (err) {
    if (isMonitoringError(err) && err.code === 'BAD_KEY') return { ok: false, problem: 'not-recognised' };
    if (isMonitoringError(err) && err.code === 'NO_ACCESS') return { ok: false, problem: 'cannot-write' };
    return { ok: false, problem: 'unavailable' };
  }
}

async function describeOwner(
  client: MonitoringApi,
  knownPeople: (id: string) => Promise<Assignee | undefined>,
  id: string,
  signal?: AbortSignal,
): Promise<KeyOwner> {
  // Learned already (the relay keeps this filled): no further call within the submission's 3 s.
  let person = await knownPeople(id).catch(() => undefined);
  if (!person?.email) {
    const assigned = await client.tasks
      .listPage({ limit: 1, assigneeIds: [id] }, null, signal)
      .then((p) => p.rows.find((t) => t.assignee?.id === id)?.assignee ?? undefined)
      .catch(() => undefined);
    person = assigned?.email ? assigned : (person ?? assigned);
  }
  return { id, name: person ? nameOf(person) : null, email: person?.email ?? null };
}

export function nameOf(a: Pick<Assignee, 'name' | 'firstName' | 'lastName'>): string | null {
  return a.name ?? ([a.firstName, a.lastName].filter(Boolean).join(' ') || null);
}

export const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
