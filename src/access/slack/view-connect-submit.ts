/**
 * The connect modal's submission. On receipt, before anything is stored, the platform says whose key it is
 * (service/key-owner.ts, calls made with that key alone) and that user must be the person who pasted it (same
 * verified email, or an admin-approved exception): a key the platform does not recognise, or someone else's, is
 * refused on the field and not kept (issue 37). Then it is saved with its owner, and the modal says who; as the
 * job, fieldline counts the sites the key sees. The job's copy of the submission carries no key.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../base/log.ts';
import type { Assignee, MonitoringApi } from '../../monitoring/api.ts';
import type { Directory } from '../../directory/index.ts';
import { answer, toWork, viewEntry, type ViewArgs } from '../../kit/entry.ts';
import { within } from '../../kit/time-budget.ts';
import { refusalText } from '../rules/person-gate.ts';
import { actingPerson } from '../service/acting.ts';
import { AccessRefusedError } from '../service/errors.ts';
import { identifyKeyOwner } from '../service/key-owner.ts';
import type { KeyOwnerExceptions } from '../service/key-owner-exceptions.ts';
import type { LinkInfo } from '../service/key-vault.ts';
import { decideKey, type KeyDecision } from '../service/verify-key.ts';
import { connectedModal } from '../render/connect.ts';
import { ACCESS_VIEW } from '../render/ids.ts';
import { checkPerson, type AccessDeps } from '../gate/acting-person.ts';

export interface ConnectDeps extends AccessDeps {
  log: Logger;
  /** Admin-approved exceptions: a Slack person who may connect one other platform user's key. */
  keyOwners: KeyOwnerExceptions;
  /** A platform user fieldline already learned, by id (for the email of a key's owner). */
  knownPeople(id: string): Promise<Assignee | undefined>;
  directory: Directory;
  /** A client that uses exactly `key` (the candidate being checked). */
  clientWithKey(key: string): MonitoringApi;
  /** Called after a person's link changed (App Home is republished). */
  onLinkChanged(client: WebClient, userId: string): Promise<void>;
}

/**
 * Both inline checks (who the person is, then whose key it is: three or four platform calls) must answer together
 * within Slack's 3 s for a view submission.
 */
const PERSON_BUDGET_MS = 700;
const CHECK_BUDGET_MS = 2_000;

/** What the submission decided on receipt: when the key was saved (epoch ms, names this link), and whose it is. */
interface ConnectCarry {
  connectedAt: number;
  platformUser: LinkInfo['platformUser'];
}

export const connectSubmit = (deps: ConnectDeps) =>
  viewEntry<ConnectCarry>({
    callbackId: ACCESS_VIEW.connect,
    kind: 'access.connect-describe',
    // A full queue refuses the submission before the key is checked or saved; the modal keeps what was typed.
    busyBlock: ACCESS_VIEW.keyBlock,
    async receive(args) {
      const { ack, body, view, client } = args;
      const person = actingPerson();
      const vault = deps.vault;
      const fail = (text: string) =>
        answer({ response_action: 'errors', errors: { [ACCESS_VIEW.keyBlock]: text } });
      if (!person || !vault) return fail('Connecting is not available here.');
      const key = view.state.values[ACCESS_VIEW.keyBlock]?.[ACCESS_VIEW.keyInput]?.value?.trim() ?? '';
      if (key === '') return fail('Paste your platform API key.');
      const who = { teamId: person.teamId, userId: person.userId, userTeamId: body.user.team_id };
      let slackEmail: string | undefined;
      try {
        // users.info (cached) before the ack: bounded like the key check. Its email is Slack's verified one.
        const facts = await within(checkPerson(deps, who, client), PERSON_BUDGET_MS);
        if (facts === undefined) return fail('Slack did not confirm who you are in time. Submit again.');
        slackEmail = facts.email;
      } catch (err) {
        if (err instanceof AccessRefusedError) return fail(refusalText(err.reason).slice(0, 150));
        throw err;
      }
      const decision = await checkKey(deps, key, person, slackEmail);
      if (!decision.ok) {
        deps.log.info({ user: person.userId, reason: decision.reason }, 'platform key refused');
        return fail(decision.text);
      }
      const { owner, exception } = decision;
      const platformUser = { id: owner.id, name: owner.name ?? `platform user ${owner.id}` };
      const pending = await vault.save(person.teamId, person.userId, key, { platformUser });
      deps.directory.forget(person.scope);
      await ack({ response_action: 'update', view: connectedModal(pending) as never });
      deps.log.info(
        { user: person.userId, platformUser: owner.id, ...(exception ? { exception: true } : {}) },
        exception
          ? 'platform account connected under an admin-approved exception (the key is another platform user’s)'
          : 'platform account connected',
      );
      // The job queue keeps the request's body (in Redis, say) and takes it from these args: give it one
      // without the key (test/access/connect-queued-job.test.ts).
      args.body = withoutKey(body);
      // Acked with the connected modal: a queue that is busy meanwhile is told where the person is.
      return toWork({ connectedAt: pending.connectedAt, platformUser }, { acked: true });
    },
    async work({ view, client }, carry) {
      // What the key sees, read with the new key itself (the gate acts as the same person).
      const person = actingPerson();
      const vault = deps.vault;
      if (!person || !vault) return;
      const pending: LinkInfo = {
        connectedAt: carry.connectedAt,
        platformUser: carry.platformUser,
        sites: null,
      };
      await describeAndShow(
        { deps, vault, client, userId: person.userId, teamId: person.teamId },
        view.id,
        pending,
      );
    },
  });

/** Whose key it is (asked of the platform with that key alone), then whether this person may keep it. */
async function checkKey(
  deps: ConnectDeps,
  key: string,
  person: { teamId: string; userId: string },
  slackEmail: string | undefined,
): Promise<KeyDecision> {
  const candidate = deps.clientWithKey(key);
  try {
    const [check, exception] = await Promise.all([
      identifyKeyOwner(candidate, deps.knownPeople, AbortSignal.timeout(CHECK_BUDGET_MS)),
      deps.keyOwners.get(person.teamId, person.userId),
    ]);
    return decideKey(check, slackEmail, exception?.platformUserId);
  } finally {
    await candidate.close().catch(() => undefined);
  }
}

/** The submission without the pasted key (a new body: the received one keeps the text it was parsed from). */
function withoutKey(body: ViewArgs['body']): ViewArgs['body'] {
  const values = Object.fromEntries(
    Object.entries(body.view.state.values).filter(([block]) => block !== ACCESS_VIEW.keyBlock),
  );
  return { ...body, view: { ...body.view, state: { ...body.view.state, values } } };
}

interface Connected {
  deps: ConnectDeps;
  vault: NonNullable<ConnectDeps['vault']>;
  client: WebClient;
  teamId: string;
  userId: string;
}

/**
 * Records and shows what the new key sees, in the modal (when still open) and App Home. Only the link saved on
 * receipt (matched by connectedAt) is described: a link replaced or removed meanwhile is left alone, as its own
 * connection, or the disconnection, says what is true now.
 */
async function describeAndShow(c: Connected, viewId: string, pending: LinkInfo): Promise<void> {
  const info = await describeConnection(c.deps);
  if (!(await c.vault.describe(c.teamId, c.userId, info, pending.connectedAt))) return;
  await c.client.views
    .update({ view_id: viewId, view: connectedModal({ ...pending, ...info }) as never })
    .catch((err: unknown) => c.deps.log.debug({ err }, 'connect modal closed before the update'));
  await c.deps.onLinkChanged(c.client, c.userId);
}

/** What the key sees. Its platform user was asked of the platform on receipt: never guessed here (by email). */
async function describeConnection(deps: ConnectDeps): Promise<Pick<LinkInfo, 'sites'>> {
  const sites = await deps.directory.sites();
  return { sites: { count: sites.length, names: sites.map((s) => s.name).slice(0, 20) } };
}
