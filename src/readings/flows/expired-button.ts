/**
 * A readings button whose value no longer decodes (from an older release, or altered) answers the clicker with
 * a note saying what to do instead, below the message, and does nothing else.
 */
import type { RespondFn } from '@slack/bolt';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';

/** What each kind of expired button tells the clicker to do instead. */
export const EXPIRED = {
  sourceCard: 'That button has expired: look the source up again with `/source`.',
  sourceMore: 'That button has expired: search again with `/source`.',
  reading: 'That button has expired: ask again with `/reading`.',
  csvImport: 'That button has expired: send the CSV again.',
} as const;

/** `value` when the button's value decoded; otherwise null, after `note` has gone to the clicker. */
export async function valueOrExpired<T>(
  respond: RespondFn,
  value: T | null | undefined,
  note: (typeof EXPIRED)[keyof typeof EXPIRED],
): Promise<T | null> {
  if (value) return value;
  await respond(ephemeralNote(note));
  return null;
}
