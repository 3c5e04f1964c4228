/**
 * Admin-approved exceptions to "a key must be its connector's own": the Slack person may connect the key of that
 * one platform user (a contractor acting with a colleague's account, say). Each is a record in the store — who
 * approved it and when, no secret — and every approval and every use is logged.
 */
import type { Logger } from '../../base/log.ts';
import type { Store } from '../../store/store.ts';

export interface KeyOwnerException {
  platformUserId: string;
  /** The Slack user id (or operator name) of the admin who approved it. */
  approvedBy: string;
  approvedAt: number;
  note?: string;
}

export interface KeyOwnerExceptions {
  approve(
    teamId: string,
    slackUserId: string,
    grant: { platformUserId: string; approvedBy: string; note?: string },
  ): Promise<KeyOwnerException>;
  get(teamId: string, slackUserId: string): Promise<KeyOwnerException | undefined>;
  revoke(teamId: string, slackUserId: string): Promise<boolean>;
}

const slot = (teamId: string, userId: string) => `key-owner-exception:${teamId}:${userId}`;

export function createKeyOwnerExceptions(deps: {
  store: Store;
  now: () => number;
  log?: Pick<Logger, 'info'>;
}): KeyOwnerExceptions {
  const store = deps.store.namespace('access');
  return {
    async approve(teamId, slackUserId, grant) {
      const record: KeyOwnerException = { ...grant, approvedAt: deps.now() };
      await store.set(slot(teamId, slackUserId), record);
      deps.log?.info(
        { team: teamId, user: slackUserId, ...record },
        'access: exception approved — this Slack person may connect the key of that platform user',
      );
      return record;
    },
    get: (teamId, slackUserId) => store.get<KeyOwnerException>(slot(teamId, slackUserId)),
    async revoke(teamId, slackUserId) {
      const removed = await store.delete(slot(teamId, slackUserId));
      if (removed) deps.log?.info({ team: teamId, user: slackUserId }, 'access: key owner exception revoked');
      return removed;
    },
  };
}
