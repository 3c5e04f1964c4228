/** Pure renderer of the short summary posted when an alert's snooze ends. */
import type { SnoozeSummary } from '../rules/model.ts';
import type { RenderedMessage } from './alert-message.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';

export function renderSnoozeSummary(s: SnoozeSummary): RenderedMessage {
  const hidden =
    s.suppressed === 0
      ? 'nothing happened meanwhile'
      : `${s.suppressed} update${s.suppressed === 1 ? '' : 's'} hidden`;
  const state = s.stillActive ? 'still active' : 'healthy now';
  const line = `:alarm_clock: Snooze ended for *${safeText(s.label, 150)}*: ${state}; ${hidden}. (Snoozed by <@${safeText(s.snoozedBy, 30)}>)`;
  return {
    text: safeText(`Snooze ended: ${s.label} ${state}, ${hidden}`, 3000),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: line } }],
  };
}
