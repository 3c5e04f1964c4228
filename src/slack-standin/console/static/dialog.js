// Slack's confirmation dialog (a button's `confirm` object) and the notices a failed request shows.
import { h, plain } from './dom.js';
import { renderMrkdwn } from './mrkdwn.js';

export function confirmDialog(confirm, ctx) {
  return new Promise((resolve) => {
    const root = document.getElementById('dialog-root');
    const done = (answer) => {
      overlay.remove();
      resolve(answer);
    };
    const text = confirm.text?.type === 'mrkdwn' ? renderMrkdwn(confirm.text.text, ctx) : plain(confirm.text);
    const style = confirm.style === 'danger' ? ' btn-danger' : ' btn-primary';
    const overlay = h(
      'div',
      { class: 'overlay' },
      h(
        'div',
        {
          class: 'modal confirm',
          role: 'alertdialog',
          'aria-modal': 'true',
          'aria-label': plain(confirm.title) || 'Are you sure?',
        },
        h('div', { class: 'modal-head' }, h('h2', null, plain(confirm.title) || 'Are you sure?')),
        h('div', { class: 'modal-body' }, text),
        h(
          'div',
          { class: 'modal-foot' },
          h(
            'button',
            { type: 'button', class: 'btn', onclick: () => done(false) },
            plain(confirm.deny) || 'Cancel',
          ),
          h(
            'button',
            { type: 'button', class: `btn${style}`, onclick: () => done(true) },
            plain(confirm.confirm) || 'Yes',
          ),
        ),
      ),
    );
    root.append(overlay);
    overlay.querySelector('.btn-primary, .btn-danger')?.focus();
  });
}

export function showNotice(text) {
  const box = document.getElementById('notices');
  const note = h(
    'div',
    { class: 'notice', role: 'status' },
    text,
    h(
      'button',
      { type: 'button', class: 'btn btn-icon', 'aria-label': 'Dismiss', onclick: () => note.remove() },
      '✕',
    ),
  );
  box.append(note);
  setTimeout(() => note.remove(), 10_000);
}
