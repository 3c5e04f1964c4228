// The message box: plain messages, slash commands (the manifest's commands offered as you type `/`), and the
// shortcuts button with the manifest's global shortcuts.
import { clear, h, shortcutItem } from './dom.js';
import { post } from './api.js';

/** env: { manifest(), user(), target() → { channel, threadTs? }, notice(text), label() } */
export function setupComposer(form, env, opts = {}) {
  const input = form.querySelector('textarea');
  const box = form.querySelector('.suggestions');
  let matches = [];

  function suggest() {
    const text = input.value;
    matches =
      text.startsWith('/') && !/\s/.test(text) && box
        ? env.manifest().commands.filter((c) => c.command.startsWith(text.toLowerCase()))
        : [];
    if (!box) return;
    clear(box).hidden = matches.length === 0;
    for (const c of matches)
      box.append(
        h(
          'div',
          {
            role: 'option',
            class: 'suggestion',
            onmousedown: (e) => {
              e.preventDefault();
              pick(c);
            },
          },
          h('b', null, c.command),
          ' ',
          h('span', { class: 'usage' }, c.usageHint),
          h('div', { class: 'hint' }, c.description),
        ),
      );
  }

  function pick(c) {
    input.value = `${c.command} `;
    suggest();
    input.focus();
  }

  async function send() {
    const text = input.value.trim();
    if (text === '') return;
    const { channel, threadTs } = env.target();
    if (/^\/invite(\s|$)/i.test(text) && !opts.thread) {
      // Slack's own command, not the app's: the app joins the channel
      const res = await post('invite', { user: env.user(), channel, text }, '/invite');
      if (!res.failure) input.value = '';
      return;
    }
    if (text.startsWith('/') && !opts.thread) {
      const command = text.split(/\s/)[0];
      if (!env.manifest().commands.some((c) => c.command === command)) {
        env.notice(
          `${command} is not a valid command. In Slack, messages that start with "/" are interpreted as commands.`,
        );
        return;
      }
      const res = await post('command', { user: env.user(), channel, text }, command);
      if (!res.failure) input.value = '';
      return;
    }
    await post(
      'message',
      { user: env.user(), channel, text, ...(threadTs ? { threadTs } : {}) },
      'Sending the message',
    );
    input.value = '';
  }

  input.addEventListener('input', suggest);
  input.addEventListener('keydown', (e) => {
    if ((e.key === 'Tab' || e.key === 'Enter') && matches.length > 0 && !e.shiftKey) {
      e.preventDefault();
      pick(matches[0]);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send().catch(() => undefined);
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void send().catch(() => undefined);
  });

  const attach = form.querySelector('.attach-button');
  const picker = form.querySelector('.attach-input');
  if (attach && picker) {
    attach.addEventListener('click', () => picker.click());
    picker.addEventListener('change', () => {
      const file = picker.files?.[0];
      picker.value = '';
      if (file) void share(file).catch(() => undefined);
    });
  }

  // A file attached here is shared in the conversation (and thread) the way Slack does, with the typed text.
  async function share(file) {
    const { channel, threadTs } = env.target();
    const contentBase64 = await new Promise((resolve, reject) => {
      const reader = new window.FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
    const text = input.value.trim();
    const res = await post(
      'share',
      {
        user: env.user(),
        channel,
        name: file.name,
        mimetype: file.type || 'application/octet-stream',
        contentBase64,
        ...(text ? { text } : {}),
        ...(threadTs ? { threadTs } : {}),
      },
      `Sharing ${file.name}`,
    );
    if (!res.failure) input.value = '';
  }

  const button = form.querySelector('.shortcuts-button');
  const menu = form.querySelector('.shortcut-menu');
  if (button && menu)
    button.addEventListener('click', () => {
      clear(menu).hidden = !menu.hidden;
      for (const s of env.manifest().shortcuts.filter((x) => x.type === 'global'))
        menu.append(
          shortcutItem(
            s,
            menu,
            () =>
              void post('shortcut', { user: env.user(), callbackId: s.callbackId }, s.name).catch(
                () => undefined,
              ),
            h('div', { class: 'hint' }, s.description),
          ),
        );
      if (menu.childNodes.length === 0)
        menu.append(h('div', { class: 'hint' }, 'The app has no global shortcuts.'));
    });
  return { setPlaceholder: (text) => void (input.placeholder = text) };
}
