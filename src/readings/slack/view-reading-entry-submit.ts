/**
 * "Enter reading" submitted: wrong types are answered inline on receipt (response_action errors; the modal and
 * what was typed stay); writing the reading is the work, and the user is told where they acted. The batch is built
 * on receipt, so an empty "Reading time" means when it was submitted.
 */
import type { Deps } from '../../base/deps.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { notify } from '../../kit/reply/index.ts';
import type { MeterReadings } from '../../monitoring/api.ts';
import { catalogOfView, entryInputOf, entryMetaOf, errorsByBlock } from '../render/reading-entry-read.ts';
import { TIMESTAMP_BLOCK } from '../render/reading-entry-view.ts';
import { READING_VIEW } from '../render/source-ids.ts';
import { buildEntry } from '../rules/manual-entry.ts';

/** What the submission decided on receipt: the batch to write, where to answer, and what was typed (to say). */
interface EntryCarry {
  sourceId: string;
  channel: string | null;
  batch: MeterReadings[];
  typed: string;
}

export const readingEntrySubmit = (deps: Pick<Deps, 'sources' | 'clock' | 'log'>) =>
  viewEntry<EntryCarry>({
    callbackId: READING_VIEW.entry,
    kind: 'readings.entry',
    // A full queue keeps the modal open with what was typed.
    busyBlock: TIMESTAMP_BLOCK,
    receive({ view }) {
      const meta = entryMetaOf(view);
      const catalog = catalogOfView(view);
      if (!meta || catalog.length === 0) return answer();
      const input = entryInputOf(view, catalog);
      const entry = buildEntry(meta.sourceId, catalog, input, deps.clock.now());
      if (!entry.ok) return answer({ response_action: 'errors', errors: errorsByBlock(entry.errors) });
      const typed = catalog
        .filter((m) => input.values[m.metricId])
        .map((m) => `${escapeMrkdwn(m.label)}: ${escapeMrkdwn(String(input.values[m.metricId]))}`)
        .join(', ');
      return toWork({ sourceId: meta.sourceId, channel: meta.channel, batch: entry.batch, typed });
    },
    async work({ body, client }, { sourceId, channel, batch, typed }) {
      const user = body.user.id;
      const target = { client, channel: channel ?? user, user };
      try {
        await deps.sources.write(batch);
        const when = batch[0]?.readings[0]?.timestamp ?? 'now';
        await notify(
          target,
          `:white_check_mark: Reading saved (${escapeMrkdwn(when)}): ${typed}. The platform stores it shortly; it may take a moment to show in \`/reading\`.`,
        );
      } catch (err) {
        const message = await reportError(deps, target, err, { view: READING_VIEW.entry, sourceId });
        deps.log.debug({ ref: message.ref }, 'reading entry failed');
        await notify(target, `Your reading was not saved. You entered: ${typed}`).catch(() => undefined);
      }
    },
  });
