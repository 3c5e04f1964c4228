/**
 * A form closed half-way (Cancel, ✕, or the whole stack cleared): Slack sends view_closed because the form asks for
 * it (notify_on_close). What was typed is kept as the person's draft of that form, in this installation, until the
 * end of their shift at the form's site; opening the form again fills it in. Nothing reaches the platform. Answered
 * on receipt (no job): the ack, then one atomic store write.
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewClosedAction } from '@slack/bolt';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { shiftEndAfter } from '../rules/shift-end.ts';
import { fieldsOfView, formMetaOf, typedOfView } from '../render/form-read.ts';
import type { FormsDeps } from '../flows/forms-deps.ts';

export type ViewClosedArgs = SlackViewMiddlewareArgs<ViewClosedAction> & AllMiddlewareArgs;

export async function handleFormClosed(
  deps: FormsDeps,
  { ack, body, context }: ViewClosedArgs,
): Promise<void> {
  await ack();
  const meta = formMetaOf(body.view);
  const workspace = workspaceKeyOf(context as InstallationIds);
  if (!meta || !workspace) return;
  const fields = fieldsOfView(body.view);
  const typed = typedOfView(body.view, fields);
  const now = deps.clock.now();
  await deps.drafts.save(workspace, body.user.id, meta.s, typed, now, shiftEndAfter(now, meta.z));
}
