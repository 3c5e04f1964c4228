/**
 * Modals that need the data source's record ("Enter reading", "Report device status" on a source card): ack, open
 * a "Loading…" modal at once on the receiving replica (trigger_id lives 3 s), then fetch and replace it as a job
 * (src/runtime/jobs/hand-off.ts, `acked`). A failure replaces the modal with the user-facing message.
 */
import type { ModalView } from '@slack/types';
import type { ButtonArgs } from './listener-args.ts';
import type { Deps } from '../../base/deps.ts';
import type { DataSource } from '../../monitoring/api.ts';
import { renderLoadingView, renderMessageView } from '../render/reading-entry-view.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { fitView } from '../../kit/blocks/block-limits.ts';
import { handOff, jobOf } from '../../runtime/jobs/hand-off.ts';

/** What the modal carries to its submission: the source, and the conversation to answer in (none from a DM). */
export interface SourceModalMeta {
  sourceId: string;
  channel: string | null;
}

/** What the receiving replica hands the job: the "Loading…" modal it opened. */
interface OpenedModal {
  viewId: string;
}

/**
 * The button's value is the data source id; `title` heads the loading and the error modal; `kind` is the job that
 * loads the source and fills the modal.
 */
export async function openSourceModal(
  args: ButtonArgs,
  deps: Pick<Deps, 'sources' | 'log'>,
  title: string,
  kind: string,
  render: (source: DataSource, meta: SourceModalMeta) => ModalView,
): Promise<void> {
  const { ack, body, action, client } = args;
  const sourceId = action.value ?? '';
  const channel = body.channel?.id ?? null;
  const job = jobOf<OpenedModal>(args);
  // Running as the job: the modal was opened on receipt (another listener's job is not ours).
  let viewId = job?.kind === kind ? job.carry?.viewId : undefined;
  if (job && !viewId) return;
  if (!viewId) {
    await ack();
    const opened = await client.views.open({ trigger_id: body.trigger_id, view: renderLoadingView(title) });
    viewId = opened.view?.id;
    if (!viewId) return;
    if (!(await handOff<OpenedModal>(args, kind, { acked: true, view: viewId, carry: { viewId } }))) return;
  }
  let view: ModalView;
  try {
    const source = await deps.sources.load(sourceId);
    // a schema of any size: within Slack's 100 blocks (cut with "…and N more"), never refused by Slack
    view = fitView(render(source, { sourceId: source.id, channel }));
  } catch (err) {
    const message = userMessageFor(err);
    deps.log.error({ ref: message.ref, err, sourceId }, 'could not prepare source modal');
    view = renderMessageView(title, message.text);
  }
  await client.views.update({ view_id: viewId, view });
}
