/**
 * What a person is told when fieldline is busy, on each Slack surface. Pure: built from the request's body.
 * Queued: the request was accepted and waits behind others (its position). Full: nothing was recorded; the
 * answer keeps what they typed (a command's text is echoed; a modal stays open with its values).
 */
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';

export const FULL_TEXT = 'fieldline is busy — try again in a minute. Nothing was done.';
export const FULL_FORM_TEXT = 'fieldline is busy — submit again in a minute. Everything you typed is kept.';

export function queuedText(position: number): string {
  return `:hourglass_flowing_sand: fieldline is busy — your request is queued (position ${position}). The answer comes here when it is done.`;
}

export function fullText(body: Record<string, unknown>): string {
  const command = typeof body.command === 'string' ? body.command : undefined;
  const text = typeof body.text === 'string' ? body.text : '';
  if (!command) return `:warning: ${FULL_TEXT}`;
  // What they typed, so it can be sent again as it was (escaped: it is shown, never interpreted).
  const typed = `${command} ${text}`.trim().slice(0, 2_900);
  return `:warning: ${FULL_TEXT}\nYou typed: \`${escapeMrkdwn(typed).replace(/`/g, "'")}\``;
}

/** The surface a request came from, as far as answering it goes. */
export type Surface = 'command' | 'view_submission' | 'interaction' | 'event';

export function surfaceOf(body: Record<string, unknown>): Surface {
  if (typeof body.command === 'string') return 'command';
  if (body.type === 'view_submission') return 'view_submission';
  if (body.type === 'event_callback') return 'event';
  return 'interaction';
}

/**
 * The ack that refuses a command or a submission when the queue is full: the command's text echoed; the modal kept
 * open with "busy" on `busyBlock`. Undefined for a submission without one, and for buttons, shortcuts and events:
 * those are answered where the person is (./hand-off.ts).
 */
export function fullAck(body: Record<string, unknown>, busyBlock?: string): object | undefined {
  const surface = surfaceOf(body);
  if (surface === 'command') return { response_type: 'ephemeral', text: fullText(body) };
  if (surface === 'view_submission' && busyBlock)
    return { response_action: 'errors', errors: { [busyBlock]: FULL_FORM_TEXT } };
  return undefined;
}
