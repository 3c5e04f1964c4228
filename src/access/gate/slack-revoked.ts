/**
 * fieldline's own Slack access withdrawn (issue 37): `tokens_revoked` naming the bot, or `app_uninstalled`. One
 * marker in the shared store (fieldline runs with one bot token), set by the event; while it is set the gate refuses
 * every request with a short answer in the ack (the Web API would refuse the token anyway) and the relay is told
 * to stop posting (`Access.slackRevoked`). It clears itself once Slack accepts the token again (auth.test), e.g.
 * after a reinstall with the token fieldline runs with.
 */
import type { WebClient } from '@slack/web-api';
import type { Store } from '../../store/store.ts';
import { within } from '../../kit/time-budget.ts';

const REVOKED = 'slack-revoked';
/** How long the gate waits for auth.test before refusing a request while revoked. */
const AUTH_TEST_MS = 1_000;

export interface SlackRevoked {
  why: 'tokens_revoked' | 'app_uninstalled';
  at: number;
}

export const REVOKED_TEXT =
  'fieldline’s access to this Slack workspace was withdrawn (the app was uninstalled or its token revoked), so it does nothing until a workspace admin reinstalls it.';

export const readRevoked = (store: Store) => store.namespace('access').get<SlackRevoked>(REVOKED);

export const markRevoked = (store: Store, why: SlackRevoked['why'], at: number) =>
  store.namespace('access').set<SlackRevoked>(REVOKED, { why, at });

/**
 * Whether Slack takes the token again: asked only while the marker is set (one auth.test per refused request).
 * True clears the marker; the caller then tells every thread (`changed`).
 */
export async function tokenIsBack(store: Store, client: WebClient): Promise<boolean> {
  const ok = await within(
    client.auth.test().then(
      (r) => r.ok === true,
      () => false,
    ),
    AUTH_TEST_MS,
  );
  if (ok !== true) return false;
  await store.namespace('access').delete(REVOKED);
  return true;
}
