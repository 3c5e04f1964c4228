/** "and N more" under a digest section: the whole list, only for the person who asked. */
import type { Deps } from '../../base/deps.ts';
import { digestRecords } from '../engine/digest-records.ts';
import { relayStore } from '../engine/relay-store.ts';
import { assigneeMentions, createRelayPeople } from '../engine/relay-people.ts';
import { isDigestSection, renderDigestSection } from '../render/digest-message.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { ensureAllowed } from '../../access/index.ts';
import { relayAction, type AlertButtonArgs } from './relay-action.ts';

/** Mentions for at most this many overdue assignees (one users.lookupByEmail each, cached). */
const MENTIONED = 60;

export async function handleDigestMore(
  args: AlertButtonArgs,
  deps: Pick<Deps, 'store' | 'log' | 'directory'>,
): Promise<void> {
  const { action, client, respond } = args;
  await relayAction(args, deps, action.action_id, 'alerts.digest-more', async () => {
    await ensureAllowed();
    const value = action.value ?? '';
    const cut = value.lastIndexOf('|');
    const section = value.slice(cut + 1);
    const digest =
      cut > 0 ? await digestRecords(relayStore(deps.store).raw).digest(value.slice(0, cut)) : undefined;
    if (!digest || !isDigestSection(section)) {
      await respond(
        ephemeralNote(
          'This digest is too old to list again: ask for a fresh one with `/monitor digest now`.',
        ),
      );
      return;
    }
    const mentions =
      section === 'overdue'
        ? await assigneeMentions(
            createRelayPeople({ store: deps.store, client, directory: deps.directory }),
            digest.tasks?.overdue.slice(0, MENTIONED) ?? [],
          )
        : {};
    const msg = renderDigestSection(digest, section, mentions);
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: msg.text,
      blocks: msg.blocks,
    });
  });
}
