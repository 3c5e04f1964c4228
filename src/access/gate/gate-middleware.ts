/**
 * The access gate: a global Bolt middleware that runs every request as the person who sent it. A person refused
 * recently (guest, deactivated, Slack Connect partner) is answered at once with the reason and nothing else runs;
 * requests from bots are dropped. Everyone else runs inside `actAs(person)`: their platform key is looked up,
 * and who they are checked, only when the platform is first needed (after the ack).
 *
 * Access events (user_change, tokens_revoked, app_uninstalled) go straight to their listeners. While Slack has
 * withdrawn fieldline's token every request is refused (./slack-revoked.ts) until Slack takes the token again.
 *
 * A request's job passes the gate again, run as a Bolt request with a no-op ack: Slack was answered on receipt,
 * before the receiving thread or replica knew of the refusal. So a refusal met in a job is said through the
 * response_url (else ephemeral, else a DM), never through that ack (issue 35: the answer was lost).
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../base/log.ts';
import { within } from '../../kit/time-budget.ts';
import { refusalText } from '../rules/person-gate.ts';
import { actAs } from '../service/acting.ts';
import { messageModal } from '../../kit/blocks/text-blocks.ts';
import { errorTargetFrom } from '../../kit/error-handler.ts';
import { runsAsJob } from '../../kit/request-context.ts';
import { placeOf } from '../../kit/request-place.ts';
import { deliver } from '../../kit/reply/index.ts';
import { actingPersonFor, rememberedRefusal, type AccessDeps } from './acting-person.ts';
import { isAccessEvent } from './access-events.ts';
import { readRevoked, REVOKED_TEXT, tokenIsBack } from './slack-revoked.ts';
import { senderOf } from '../rules/request-person.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';

type Json = Record<string, unknown>;
type Ack = (response?: unknown) => Promise<void>;

/** The remembered decision is read before the ack: a slow store must not cost Slack's 3 s (checked later anyway). */
const DECISION_READ_MS = 1_000;

export interface GateDeps extends AccessDeps {
  log: Logger;
  /** Tells every thread and replica to forget what it remembered of access (the token is back). */
  changed(): Promise<void>;
}

export function accessGate(deps: GateDeps): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    if (isAccessEvent(args.body)) return args.next();
    const context = args.context as InstallationIds;
    const sender = senderOf(args.body, context.teamId);
    if (sender.kind === 'bot') {
      if ('ack' in args && typeof args.ack === 'function') await (args.ack as Ack)();
      return;
    }
    if (sender.kind === 'none') return args.next();
    const client = (args as { client: WebClient }).client;
    // Not answered in time: treated as "not checked recently"; the check runs when the platform is first needed.
    const [refusal, revoked] =
      (await within(
        Promise.all([rememberedRefusal(deps, sender.person), readRevoked(deps.store)]),
        DECISION_READ_MS,
      )) ?? [];
    const late = runsAsJob(args.context);
    if (revoked && (await stillWithdrawn(deps, client))) {
      deps.log.info(
        { user: sender.person.userId, why: revoked.why, late },
        'request refused: Slack access withdrawn',
      );
      await refuse(args as unknown as RefuseArgs, client, `:no_entry: ${REVOKED_TEXT}`, late);
      return;
    }
    if (refusal) {
      deps.log.info({ user: sender.person.userId, refusal, late }, 'request refused');
      await refuse(args as unknown as RefuseArgs, client, `:no_entry: ${refusalText(refusal)}`, late);
      return;
    }
    const workspace = workspaceKeyOf(context);
    const person = workspace ? { ...sender.person, workspace } : sender.person;
    return actAs(actingPersonFor(deps, person, client), () => args.next());
  };
}

/** Slack withdrew the token: true until auth.test passes again (then every thread and replica is told). */
async function stillWithdrawn(deps: GateDeps, client: WebClient): Promise<boolean> {
  if (!(await tokenIsBack(deps.store, client))) return true;
  await deps.changed();
  deps.log.info('Slack accepts fieldline’s token again: requests are served');
  return false;
}

interface RefuseArgs {
  body: Json;
  ack?: Ack;
}

/**
 * Tells the person why, in the way the surface they used allows. `late`: the request's ack was given on receipt
 * (a job), so what the ack would carry goes where the person is instead. Never throws.
 */
async function refuse(args: RefuseArgs, client: WebClient, text: string, late: boolean): Promise<void> {
  const { body, ack } = args;
  try {
    if (late && body.type !== 'event_callback' && body.type !== 'block_suggestion')
      return await tellLate(body, client, text);
    switch (body.type) {
      case 'block_suggestion':
        return void (await ack?.({ options: [] }));
      case 'view_submission':
        return void (await ack?.({ response_action: 'update', view: messageModal('fieldline', text) }));
      case 'shortcut':
      case 'message_action':
        await ack?.();
        if (typeof body.trigger_id === 'string')
          await client.views.open({
            trigger_id: body.trigger_id,
            view: messageModal('fieldline', text) as never,
          });
        return;
      case 'block_actions': {
        await ack?.();
        const { channel, user } = placeOf(body);
        if (channel && user) await client.chat.postEphemeral({ channel, user, text });
        return;
      }
      case 'event_callback': {
        const event = body.event as Json | undefined;
        if (event?.type === 'app_home_opened' && typeof event.user === 'string')
          await client.views.publish({
            user_id: event.user,
            view: { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] },
          });
        return;
      }
      default:
        // Slash commands: the ack carries the ephemeral answer.
        if (typeof body.command === 'string') return void (await ack?.({ response_type: 'ephemeral', text }));
        await ack?.();
    }
  } catch {
    // The refusal stands even when Slack could not be told.
  }
}

/** A job's refusal: ephemeral where they acted (or by the response_url), else a DM — the error path's delivery. */
function tellLate(body: Json, client: WebClient, text: string): Promise<void> {
  return deliver(errorTargetFrom(body, client), text);
}
