/**
 * A CSV file sent to the app in a DM: offer to import it (events carry no trigger_id, so a button opens the
 * data source picker). Messages from bots, edits and files that are not CSV are ignored on receipt; posting the
 * offer is the work (Bolt acked the event already).
 */
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { answer, eventEntry, toWork } from '../../kit/entry.ts';
import { csvFilesOf } from '../render/reading-csv-files.ts';
import { renderImportOffer } from '../render/reading-import.ts';
import type { ImportStartValue } from '../render/source-ids.ts';

const dmFileMessage = z.looseObject({
  channel: z.string(),
  channel_type: z.literal('im'),
  user: z.string(),
  ts: z.string(),
  bot_id: z.undefined().optional(),
  subtype: z.enum(['file_share']).optional(),
});

/** What the receipt hands the work: the import button's value and the names of the CSV files offered. */
interface OfferCarry {
  value: ImportStartValue;
  names: string[];
}

export const readingImportDm = (deps: Pick<Deps, 'log'>) =>
  eventEntry<'message', OfferCarry>({
    event: 'message',
    kind: 'readings.import-offer',
    receive({ event }) {
      const msg = dmFileMessage.safeParse(event);
      if (!msg.success) return answer();
      const files = csvFilesOf(event);
      if (files.length === 0) return answer();
      const value = {
        f: files.slice(0, 10).map((f): [string, string] => [f.id, f.name.slice(0, 80)]),
        c: msg.data.channel,
        ts: msg.data.ts,
      };
      return toWork({ value, names: files.map((f) => f.name) });
    },
    async work({ client }, { value, names }) {
      const offer = renderImportOffer(value, names);
      try {
        await client.chat.postMessage({ channel: value.c, thread_ts: value.ts, ...offer });
      } catch (err) {
        deps.log.warn({ err, channel: value.c }, 'could not offer a CSV import in a DM');
      }
    },
  });
