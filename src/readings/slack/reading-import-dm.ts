/**
 * A CSV file sent to the app in a DM: offer to import it (events carry no trigger_id, so a button opens the
 * data source picker). Messages from bots, edits and files that are not CSV are ignored; the offer is posted by a
 * job (src/runtime/jobs/hand-off.ts: Bolt acked the event already, so handOff only enqueues).
 */
import type { MessageEventArgs } from './listener-args.ts';
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { csvFilesOf } from '../render/reading-csv-files.ts';
import { renderImportOffer } from '../render/reading-import.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';

const dmFileMessage = z.looseObject({
  channel: z.string(),
  channel_type: z.literal('im'),
  user: z.string(),
  ts: z.string(),
  bot_id: z.undefined().optional(),
  subtype: z.enum(['file_share']).optional(),
});

export async function handleReadingImportDm(args: MessageEventArgs, deps: Pick<Deps, 'log'>): Promise<void> {
  const { event, client } = args;
  const msg = dmFileMessage.safeParse(event);
  if (!msg.success) return;
  const files = csvFilesOf(event);
  if (files.length === 0) return;
  if (!(await handOff(args, 'readings.import-offer'))) return;
  const offer = renderImportOffer(
    {
      f: files.slice(0, 10).map((f): [string, string] => [f.id, f.name.slice(0, 80)]),
      c: msg.data.channel,
      ts: msg.data.ts,
    },
    files.map((f) => f.name),
  );
  try {
    await client.chat.postMessage({ channel: msg.data.channel, thread_ts: msg.data.ts, ...offer });
  } catch (err) {
    deps.log.warn({ err, channel: msg.data.channel }, 'could not offer a CSV import in a DM');
  }
}
