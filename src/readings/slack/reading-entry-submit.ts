/**
 * "Enter reading" submitted: wrong types are answered inline (response_action errors; the modal and what was
 * typed stay), then the reading is written as a job (src/runtime/jobs/hand-off.ts) and the user is told where they
 * acted. The time of receipt travels with the job, so an empty "Reading time" means when it was submitted.
 */
import type { SubmitArgs } from './listener-args.ts';
import type { Deps } from '../../base/deps.ts';
import { buildEntry } from '../rules/manual-entry.ts';
import { notify } from '../../kit/reply.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { READING_VIEW } from '../render/source-ids.ts';
import { reportError } from '../../kit/errors.ts';
import { catalogOfView, entryInputOf, entryMetaOf, errorsByBlock } from './reading-entry-parse.ts';
import { handOff, jobOf } from '../../runtime/jobs/hand-off.ts';
import { TIMESTAMP_BLOCK } from '../render/reading-entry-view.ts';
import type { DoorRule } from '../../runtime/jobs/door.ts';

const ENTRY_JOB = 'readings.entry';

/** A full queue refuses an entry before its checks, as `handOff` would after them (kit/jobs/door.ts). */
export const ENTRY_AT_DOOR = {
  view: READING_VIEW.entry,
  kind: ENTRY_JOB,
  busyBlock: TIMESTAMP_BLOCK,
} satisfies DoorRule;

/** What the submission decided on receipt: when it was received (epoch ms). */
interface EntryCarry {
  at: number;
}

export async function handleReadingEntrySubmit(
  args: SubmitArgs,
  deps: Pick<Deps, 'sources' | 'clock' | 'log'>,
): Promise<void> {
  const { ack, body, view, client } = args;
  const job = jobOf<EntryCarry>(args);
  const now = (job?.kind === ENTRY_JOB ? job.carry?.at : undefined) ?? deps.clock.now();
  const meta = entryMetaOf(view);
  const catalog = catalogOfView(view);
  if (!meta || catalog.length === 0) {
    await ack();
    return;
  }
  const input = entryInputOf(view, catalog);
  const entry = buildEntry(meta.sourceId, catalog, input, now);
  if (!entry.ok) {
    await ack({ response_action: 'errors', errors: errorsByBlock(entry.errors) });
    return;
  }
  // A full queue keeps the modal open with what was typed.
  if (
    !(await handOff<EntryCarry>(args, ENTRY_JOB, { carry: { at: now }, busyBlock: ENTRY_AT_DOOR.busyBlock }))
  )
    return;
  const user = body.user.id;
  const target = { client, channel: meta.channel ?? user, user };
  const typed = catalog
    .filter((m) => input.values[m.metricId])
    .map((m) => `${escapeMrkdwn(m.label)}: ${escapeMrkdwn(String(input.values[m.metricId]))}`)
    .join(', ');
  try {
    await deps.sources.write(entry.batch);
    const when = entry.batch[0]?.readings[0]?.timestamp ?? 'now';
    await notify(
      target,
      `:white_check_mark: Reading saved (${escapeMrkdwn(when)}): ${typed}. The platform stores it shortly; it may take a moment to show in \`/reading\`.`,
    );
  } catch (err) {
    const message = await reportError(deps, target, err, {
      view: READING_VIEW.entry,
      sourceId: meta.sourceId,
    });
    deps.log.debug({ ref: message.ref }, 'reading entry failed');
    await notify(target, `Your reading was not saved. You entered: ${typed}`).catch(() => undefined);
  }
}
