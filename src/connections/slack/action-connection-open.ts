/**
 * App Home's "Platform connection" button: opens the modal for a workspace admin or owner (asked of Slack now),
 * and tells anyone else it is not theirs to set. Answered on receipt (the trigger_id lives 3 s); no work after.
 */
import type { ActionArgs } from '../../kit/entry.ts';
import { ensureAllowed } from '../../access/index.ts';
import { connectionModal, notAdminModal } from '../render/connection-blocks.ts';
import { actingAdminCandidate, type ConnectionDeps } from './connection-deps.ts';
import { isWorkspaceAdmin } from './workspace-admin.ts';

export async function handleConnectionOpen(
  args: ActionArgs,
  deps: Pick<ConnectionDeps, 'connections'>,
): Promise<void> {
  await args.ack();
  const who = actingAdminCandidate();
  if (!who) return;
  await ensureAllowed();
  const [admin, info] = await Promise.all([
    isWorkspaceAdmin(args.client, who.userId),
    deps.connections.info(who.workspace),
  ]);
  const view = admin ? connectionModal(info?.baseUrl) : notAdminModal();
  await args.client.views.open({ trigger_id: args.body.trigger_id, view: view as never });
}
