/**
 * What "Create task from message" prefills beyond the message itself: the site when the person's key sees exactly
 * one, and what another feature knows of the message (the composition root hands in the alerts' facts of an alert
 * message, so tasks never imports alerts). Each lookup is bounded: the modal opens within the trigger's 3 s.
 * Prefill only: the submission is checked with the person's own key like any other.
 */
import type { Deps } from '../../base/deps.ts';
import { within } from '../../kit/time-budget.ts';
import type { TaskPrefill } from '../render/task-create-modal.ts';

export interface MessagePrefillHooks {
  /** Facts another feature knows of the message (an alert's device, site, priority); undefined for none. */
  prefillFromMessage?(
    channel: string,
    message: { ts: string; blocks?: unknown },
  ): Promise<TaskPrefill | undefined>;
}

export async function messagePrefill(
  deps: Pick<Deps, 'directory' | 'log'> & MessagePrefillHooks,
  channel: string,
  message: { ts: string; blocks?: unknown },
  budgetMs: number,
): Promise<TaskPrefill> {
  const [sites, known] = await Promise.all([
    // the person's own sites (their key); someone not connected has none to offer
    within(deps.directory.sites(), budgetMs).catch(() => undefined),
    deps.prefillFromMessage
      ? within(deps.prefillFromMessage(channel, message), budgetMs).catch((err: unknown) => {
          deps.log.debug({ err }, 'no prefill from the message');
          return undefined;
        })
      : undefined,
  ]);
  const only = sites?.length === 1 ? sites[0] : undefined;
  return {
    ...(only ? { siteId: only.id, siteName: only.name } : {}),
    ...known,
  };
}
