/** Messages and views the console browser tests show: one of each block kind, hostile text, a modal. */

const plain = (text: string) => ({ type: 'plain_text', text, emoji: true });
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
export const option = (text: string, value: string) => ({ text: plain(text), value });

/** 1×1 transparent PNG: the page's policy allows data: images. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function blockGallery(): object[] {
  return [
    { type: 'header', text: plain('Pump report') },
    {
      type: 'section',
      text: mrkdwn(
        '*pump 3* is _leaking_ — <https://plant.example/p3|details> for <@U0ANA>, seen <!date^1700000000^{date_short} {time}|Nov 14>',
      ),
      accessory: {
        type: 'button',
        action_id: 'task_status_done',
        text: plain('Done'),
        value: 'T1',
        style: 'primary',
      },
    },
    { type: 'section', fields: [mrkdwn('*Status*\nTo Do'), mrkdwn('*Site*\nBerlin Plant')] },
    { type: 'context', elements: [mrkdwn('task T1 · feed post 9')] },
    { type: 'divider' },
    { type: 'image', image_url: PIXEL, alt_text: 'Pressure chart', title: plain('Pressure') },
    {
      type: 'actions',
      block_id: 'task_actions',
      elements: [
        {
          type: 'button',
          action_id: 'task_status_cancelled',
          text: plain('Cancel task'),
          value: 'T1',
          style: 'danger',
          confirm: {
            title: plain('Cancel this task?'),
            text: plain('Its feed post is removed for viewers.'),
            confirm: plain('Yes, cancel'),
            deny: plain('Keep it'),
            style: 'danger',
          },
        },
        {
          type: 'static_select',
          action_id: 'task_priority',
          placeholder: plain('Priority'),
          options: [option('High', '15'), option('Medium', '10'), option('Low', '5')],
        },
        { type: 'overflow', action_id: 'task_more', options: [option('Edit', 'edit')] },
        { type: 'datepicker', action_id: 'task_due' },
      ],
    },
    {
      type: 'rich_text',
      elements: [
        {
          type: 'rich_text_list',
          style: 'bullet',
          elements: [
            { type: 'rich_text_section', elements: [{ type: 'text', text: 'check seal' }] },
            { type: 'rich_text_section', elements: [{ type: 'text', text: 'replace gasket' }] },
          ],
        },
      ],
    },
    { type: 'fancy_widget', text: 'from the future' },
  ];
}

/** Slack escapes &, < and > in text; a raw `<img …>` or a javascript: link must still never become markup. */
export const hostileText =
  '<img src=x onerror=alert(1)> &lt;script&gt;alert(2)&lt;/script&gt; &amp; co <javascript:alert(3)|click me>';

const input = (id: string, label: string, element: object, optional = false) => ({
  type: 'input',
  block_id: id,
  optional,
  label: plain(label),
  element: { action_id: id, ...element },
});

export const NOTE_MODAL = {
  type: 'modal',
  callback_id: 'post_note',
  notify_on_close: true,
  title: plain('Shift note'),
  submit: plain('Save'),
  close: plain('Cancel'),
  blocks: [
    input('note', 'Note', { type: 'plain_text_input', multiline: true }),
    input('litres', 'Litres', { type: 'number_input', is_decimal_allowed: true }, true),
    input('checks', 'Checks', { type: 'checkboxes', options: [option('Checked', 'checked')] }, true),
    input('shift', 'Shift', {
      type: 'radio_buttons',
      options: [option('Day', 'day'), option('Night', 'night')],
    }),
    input('day', 'Inspection date', { type: 'datepicker' }, true),
    input('who', 'Who', { type: 'users_select', placeholder: plain('Who') }, true),
  ],
};
