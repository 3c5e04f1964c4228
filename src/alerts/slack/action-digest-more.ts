/**
 * "and N more" under a digest section: the whole list, only for the person who asked. The button value names a
 * digest and a section; digest ids are predictable (`channel:site:epoch`), so the value is only a name: the digest
 * must be one posted in the conversation Slack signed, and its site one the presser's own platform key sees.
 */
import type { Deps } from '../../base/deps.ts';
import { digestRecords } from '../engine/digest-records.ts';
import { alertStore } from '../engine/alert-store.ts';
import { assigneeMentions, createAlertPeople } from '../engine/alert-people.ts';
import { DIGEST_MORE_PREFIX, isDigestSection, renderDigestSection } from '../render/digest-message.ts';
import { isDigestOf } from '../rules/digest.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { ensureAllowed } from '../../access/index.ts';
import { alertActionEntry, valueOf } from '../flows/alert-action.ts';
import { relayRoot } from '../flows/relay-root.ts';

/** Mentions for at most this many overdue assignees (one users.lookupByEmail each, cached). */
const MENTIONED = 60;

const TOO_OLD = 'This digest is too old to list again: ask for a fresh one with `/monitor digest now`.';
const NOT_HERE =
  'This button is not a digest of this conversation, so there is nothing to list. Ask for a fresh digest with `/monitor digest now`.';

export const digestMore = (deps: Pick<Deps, 'store' | 'log' | 'directory'>) =>
  alertActionEntry({
    kind: 'alerts.digest-more',
    match: new RegExp(`^${DIGEST_MORE_PREFIX}`),
    deps,
    async work({ action, client, respond }, channel) {
      await ensureAllowed();
      const say = (text: string) => respond(ephemeralNote(text));
      const value = valueOf(action);
      const cut = value.lastIndexOf('|');
      const id = value.slice(0, Math.max(cut, 0));
      const section = value.slice(cut + 1);
      if (cut <= 0 || !isDigestSection(section)) return void (await say(TOO_OLD));
      // `channel` is the signed payload's (channel or container), never one the value names.
      if (!channel || !isDigestOf(id, channel)) return void (await say(NOT_HERE));
      // The sites of the presser's own key (the directory lists them with their key): someone who has not
      // connected is asked to connect here, before anything is read.
      const mine = new Set((await deps.directory.sites()).map((s) => s.id));
      const digest = await digestRecords(alertStore(await relayRoot(deps)).raw).digest(id);
      if (!digest) return void (await say(TOO_OLD));
      if (!mine.has(digest.siteId)) {
        const site = digest.siteName ? safeName(digest.siteName, 150) : `site ${safeName(digest.siteId, 60)}`;
        return void (await say(
          `:lock: This digest is about *${site}*, which your platform account doesn't see, so I can't list it for you.`,
        ));
      }
      const mentions =
        section === 'overdue'
          ? await assigneeMentions(
              createAlertPeople({ store: deps.store, client, directory: deps.directory }),
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
    },
  });
