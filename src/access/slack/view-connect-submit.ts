/**
 * The connect modal's submission. On receipt the key is checked with one call made with it alone before anything
 * is stored (a key the platform does not recognise is refused and not kept), saved, and the modal says so; then,
 * as the job, fieldline says who the person is on the platform and how many sites the key sees. The job's copy of
 * the submission carries no key: it is in the vault by then.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../base/log.ts';
import type { MonitoringApi } from '../../monitoring/api.ts';
import type { Directory } from '../../directory/index.ts';
import { answer, toWork, viewEntry, type ViewArgs } from '../../kit/entry.ts';
import { within } from '../../kit/time-budget.ts';
import { refusalText } from '../rules/person-gate.ts';
import { actingPerson } from '../service/acting.ts';
import { AccessRefusedError } from '../service/errors.ts';
import type { LinkInfo } from '../service/key-vault.ts';
import { keyProblemText, verifyKey } from '../service/verify-key.ts';
import { connectedModal } from '../render/connect.ts';
import { ACCESS_VIEW } from '../render/ids.ts';
import { checkPerson, type AccessDeps } from '../gate/acting-person.ts';

export interface ConnectDeps extends AccessDeps {
  log: Logger;
  directory: Directory;
  /** A client that uses exactly `key` (the candidate being checked). */
  clientWithKey(key: string): MonitoringApi;
  /** Called after a person's link changed (App Home is republished). */
  onLinkChanged(client: WebClient, userId: string): Promise<void>;
}

/**
 * Both inline checks (who the person is, then the key) must answer together well within Slack's 3 s for a view
 * submission.
 */
const PERSON_BUDGET_MS = 800;
const CHECK_BUDGET_MS = 1_700;

/** What the submission decided on receipt: when the key was saved (epoch ms), which names this link. */
interface ConnectCarry {
  connectedAt: number;
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
      try {
        // users.info (cached) before the ack: bounded like the key check.
        const facts = await within(checkPerson(deps, who, client), PERSON_BUDGET_MS);
        if (facts === undefined) return fail('Slack did not confirm who you are in time. Submit again.');
      } catch (err) {
        if (err instanceof AccessRefusedError) return fail(refusalText(err.reason).slice(0, 150));
        throw err;
      }
      const candidate = deps.clientWithKey(key);
      try {
        const check = await verifyKey(candidate, AbortSignal.timeout(CHECK_BUDGET_MS));
        if (!check.ok) return fail(keyProblemText(check.problem));
      } finally {
        await candidate.close().catch(() => undefined);
      }
      const pending = await vault.save(person.teamId, person.userId, key);
      deps.directory.forget(person.scope);
      await ack({ response_action: 'update', view: connectedModal(pending) as never });
      deps.log.info({ user: person.userId }, 'platform account connected');
      // The job queue keeps the request's body (in Redis, say) and takes it from these args: give it one
      // without the key (test/access/connect-queued-job.test.ts).
      args.body = withoutKey(body);
      // Acked with the connected modal: a queue that is busy meanwhile is told where the person is.
      return toWork({ connectedAt: pending.connectedAt }, { acked: true });
    },
    async work({ view, client }, carry) {
      // Who the key belongs to and what it sees, read with the new key itself (the gate acts as the same person).
      const person = actingPerson();
      const vault = deps.vault;
      if (!person || !vault) return;
      const pending: LinkInfo = { connectedAt: carry.connectedAt, platformUser: null, sites: null };
      await describeAndShow(
        { deps, vault, client, userId: person.userId, teamId: person.teamId },
        view.id,
        pending,
      );
    },
  });

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
  const info = await describeConnection(c.deps, c.client, c.userId);
  if (!(await c.vault.describe(c.teamId, c.userId, info, pending.connectedAt))) return;
  await c.client.views
    .update({ view_id: viewId, view: connectedModal({ ...pending, ...info }) as never })
    .catch((err: unknown) => c.deps.log.debug({ err }, 'connect modal closed before the update'));
  await c.deps.onLinkChanged(c.client, c.userId);
}

async function describeConnection(
  deps: ConnectDeps,
  client: WebClient,
  userId: string,
): Promise<Pick<LinkInfo, 'platformUser' | 'sites'>> {
  const sites = await deps.directory.sites();
  const match = await deps.directory.people.platformUserFor(client, userId).catch(() => null);
  return {
    sites: { count: sites.length, names: sites.map((s) => s.name).slice(0, 20) },
    platformUser:
      match?.kind === 'found'
        ? {
            id: match.assignee.id,
            name:
              match.assignee.name ??
              `${match.assignee.firstName ?? ''} ${match.assignee.lastName ?? ''}`.trim(),
          }
        : null,
  };
}
