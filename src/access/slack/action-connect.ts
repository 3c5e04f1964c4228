/** The Connect button (App Home, or the offer in any reply): opens the modal that takes the key; no work after. */
import type { ActionArgs } from '../../kit/entry.ts';
import { connectModal } from '../render/connect.ts';
import type { ConnectDeps } from './view-connect-submit.ts';

export async function handleConnectClick(
  args: ActionArgs,
  deps: Pick<ConnectDeps, 'settings'>,
): Promise<void> {
  await args.ack();
  if (deps.settings.mode !== 'linked') return;
  await args.client.views.open({ trigger_id: args.body.trigger_id, view: connectModal() as never });
}
