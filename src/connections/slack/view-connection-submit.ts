/**
 * The platform connection modal's submission. On receipt: the person must be a workspace admin or owner (Slack's
 * users.info, asked now), the URL and key must be well formed, and the platform must answer one call made with
 * them alone; only then is the connection kept (the key sealed) and the modal says so. A refusal is shown on the
 * field to fix, and nothing is kept. The job (App Home published again) gets a copy of the submission without
 * the key.
 */
import { answer, toWork, viewEntry, type ViewArgs } from '../../kit/entry.ts';
import { within } from '../../kit/time-budget.ts';
import { recordAudit } from '../../ops/index.ts';
import { parseConnectionInput } from '../rules/connection-input.ts';
import { addressAllowed, checkConnection } from '../service/check-connection.ts';
import { connectionSavedModal } from '../render/connection-blocks.ts';
import { CONNECTION_VIEW } from '../render/connection-ids.ts';
import { actingAdminCandidate, type ConnectionDeps } from './connection-deps.ts';
import { isWorkspaceAdmin } from './workspace-admin.ts';

/** users.info, then one platform call: together within Slack's 3 s for a view submission. */
const ADMIN_BUDGET_MS = 700;
const CHECK_BUDGET_MS = 1_800;

export const connectionSubmit = (deps: ConnectionDeps) =>
  viewEntry<{ userId: string }>({
    callbackId: CONNECTION_VIEW.set,
    kind: 'connections.set',
    busyBlock: CONNECTION_VIEW.keyBlock,
    async receive(args) {
      const { body, view, client } = args;
      const fail = (block: string, text: string) =>
        answer({ response_action: 'errors', errors: { [block]: text } });
      const who = actingAdminCandidate();
      if (!who || !deps.connections.canStore)
        return fail(CONNECTION_VIEW.urlBlock, 'Setting the connection is not available here.');
      const admin = await within(isWorkspaceAdmin(client, who.userId), ADMIN_BUDGET_MS);
      if (admin === undefined)
        return fail(CONNECTION_VIEW.urlBlock, 'Slack did not confirm who you are in time. Submit again.');
      if (!admin) {
        deps.log.info({ user: who.userId }, 'platform connection refused: not a workspace admin');
        return fail(
          CONNECTION_VIEW.urlBlock,
          'Only a workspace admin or owner can set the platform connection.',
        );
      }
      const values = view.state.values;
      const input = parseConnectionInput(
        values[CONNECTION_VIEW.urlBlock]?.[CONNECTION_VIEW.urlInput]?.value ?? undefined,
        values[CONNECTION_VIEW.keyBlock]?.[CONNECTION_VIEW.keyInput]?.value ?? undefined,
      );
      const blockOf = (field: 'baseUrl' | 'key') =>
        field === 'baseUrl' ? CONNECTION_VIEW.urlBlock : CONNECTION_VIEW.keyBlock;
      if (!input.ok) return fail(blockOf(input.field), input.text);
      if (!(await addressAllowed(input.baseUrl, deps.connections.defaultConnection?.baseUrl)))
        return fail(CONNECTION_VIEW.urlBlock, 'The platform must be on a public address.');
      const candidate = deps.clientFor(input.baseUrl, input.key);
      const checked = await checkConnection(candidate, AbortSignal.timeout(CHECK_BUDGET_MS)).finally(() =>
        candidate.close().catch(() => undefined),
      );
      if (!checked.ok) {
        deps.log.info({ user: who.userId, code: checked.code }, 'platform connection refused by its check');
        return fail(blockOf(checked.field), checked.text);
      }
      await deps.connections.save(who.workspace, { baseUrl: input.baseUrl, key: input.key }, who.userId);
      await recordAudit('connection.changed', {}); // issue 42: the key itself is never recorded
      deps.log.info(
        { user: who.userId, workspace: who.workspace, baseUrl: input.baseUrl },
        'platform connection set',
      );
      await args.ack({ response_action: 'update', view: connectionSavedModal(input.baseUrl) as never });
      // The job queue keeps the body (in Redis, say): give it one without the key.
      args.body = withoutKey(body);
      return toWork({ userId: who.userId }, { acked: true });
    },
    async work({ client }, carry) {
      await deps.onChanged(client, carry.userId);
    },
  });

function withoutKey(body: ViewArgs['body']): ViewArgs['body'] {
  const values = Object.fromEntries(
    Object.entries(body.view.state.values).filter(([block]) => block !== CONNECTION_VIEW.keyBlock),
  );
  return { ...body, view: { ...body.view, state: { ...body.view.state, values } } };
}
