// One message as Slack shows it: author (APP beside the app's messages), time, text or blocks, files (images
// inline, others as links), "(edited)", "Only visible to you" for ephemerals, the reply count of a thread, a
// thread reply also sent to the channel marked as such, and the "⋯" menu with the app's message shortcuts.
import { h, shortcutItem } from './dom.js';
import { renderBlocks } from './blocks.js';
import { clockTime } from './dates.js';
import { renderMrkdwn } from './mrkdwn.js';

/**
 * env: { ctxFor(message), userName(id), isBot(id), appName, tz, shortcuts, runShortcut(cb, m), replies(ts),
 *        parent(ts), openThread(ts), inThread }
 */
export function messageNode(m, env) {
  const ctx = env.ctxFor(m);
  // The app's messages: posted with its token (bot_id), or stored as its bot user (the local welcome).
  const bot = Boolean(m.bot_id) || env.isBot(m.user);
  const author = bot ? env.appName : env.userName(m.user);
  const head = h(
    'div',
    { class: 'msg-head' },
    h('span', { class: 'msg-author' }, author),
    bot ? h('span', { class: 'badge' }, 'APP') : null,
    h('span', { class: 'msg-time', title: m.ts }, clockTime(m.ts, env.tz)),
    m.edited ? h('span', { class: 'msg-edited' }, '(edited)') : null,
  );
  const body = h('div', { class: 'msg-body' });
  if (Array.isArray(m.blocks) && m.blocks.length > 0) body.append(renderBlocks(m.blocks, ctx));
  else if (m.text) body.append(h('div', { class: 'msg-text' }, renderMrkdwn(m.text, ctx)));
  for (const a of Array.isArray(m.attachments) ? m.attachments : []) body.append(attachment(a, ctx));
  if (m.files?.length) body.append(files(m.files));
  const node = h(
    'div',
    {
      class: `msg${m.ephemeralTo ? ' ephemeral' : ''}`,
      role: 'listitem',
      dataset: { ts: m.ts, channel: m.channel },
    },
    h('div', { class: 'avatar', 'aria-hidden': 'true' }, author.slice(0, 1).toUpperCase()),
    h('div', { class: 'msg-main' }, broadcastFrom(m, env), head, body, footer(m, env)),
  );
  if (!m.ephemeralTo) node.append(menu(m, env));
  return node;
}

const isBroadcast = (m) => m.reply_broadcast === true && Boolean(m.thread_ts) && m.thread_ts !== m.ts;

/** In the channel, a reply also sent there says which thread it answers, as Slack's "replied to a thread:". */
function broadcastFrom(m, env) {
  if (!isBroadcast(m) || env.inThread) return null;
  const parent = env.parent(m.thread_ts);
  // The parent's first line as text (mentions and links by name), cut like Slack's preview.
  const line = (parent?.text ?? '').split('\n')[0];
  const text = h('span', null, renderMrkdwn(line, env.ctxFor(parent ?? m))).textContent.trim();
  const gist = text === '' ? 'a message' : text.length > 80 ? `${text.slice(0, 79)}…` : text;
  return h(
    'div',
    { class: 'broadcast-from' },
    'replied to a thread: ',
    h('button', { type: 'button', class: 'link', onclick: () => env.openThread(m.thread_ts) }, gist),
  );
}

function footer(m, env) {
  const parts = [];
  if (m.ephemeralTo) parts.push(h('div', { class: 'only-you' }, '👁 Only visible to you'));
  if (isBroadcast(m) && env.inThread)
    parts.push(h('div', { class: 'broadcast' }, 'Also sent to the channel'));
  const replies = env.inThread ? [] : env.replies(m.ts);
  if (replies.length > 0)
    parts.push(
      h(
        'button',
        { type: 'button', class: 'link replies', onclick: () => env.openThread(m.ts) },
        `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}`,
      ),
    );
  return parts.length ? h('div', { class: 'msg-foot' }, parts) : null;
}

function files(list) {
  return h(
    'div',
    { class: 'msg-files' },
    list.map((f) =>
      f.mimetype?.startsWith('image/') && f.mimetype !== 'image/svg+xml'
        ? h(
            'a',
            { href: f.url, target: '_blank', rel: 'noopener', class: 'file-image' },
            h('img', { src: f.url, alt: f.title || f.name }),
          )
        : h(
            'a',
            { href: f.url, class: 'file-link', download: f.name },
            `📄 ${f.title || f.name}`,
            h('span', { class: 'file-size' }, ` ${size(f.size)}`),
          ),
    ),
  );
}

function size(bytes) {
  if (!Number.isFinite(bytes)) return '';
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1_048_576
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Legacy attachments: the colour bar, text and fields, or their blocks. */
function attachment(a, ctx) {
  const color = /^#?[0-9a-f]{6}$/i.test(a.color ?? '')
    ? a.color.startsWith('#')
      ? a.color
      : `#${a.color}`
    : '#ddd';
  const box = h('div', { class: 'attachment' });
  box.style.borderLeftColor = color;
  if (a.title) box.append(h('div', { class: 'attachment-title' }, a.title));
  if (a.text) box.append(h('div', null, renderMrkdwn(a.text, ctx)));
  if (Array.isArray(a.fields))
    box.append(
      h(
        'div',
        { class: 'section-fields' },
        a.fields.map((f) =>
          h(
            'div',
            { class: 'field' },
            h('b', null, f.title ?? ''),
            h('br'),
            renderMrkdwn(f.value ?? '', ctx),
          ),
        ),
      ),
    );
  if (Array.isArray(a.blocks)) box.append(renderBlocks(a.blocks, ctx));
  return box;
}

function menu(m, env) {
  const list = h('div', { class: 'overflow-menu msg-menu-list', hidden: true, role: 'menu' });
  for (const s of env.shortcuts) list.append(shortcutItem(s, list, () => env.runShortcut(s.callbackId, m)));
  if (!env.inThread)
    list.append(
      h(
        'button',
        {
          type: 'button',
          role: 'menuitem',
          class: 'menu-item',
          onclick: () => {
            list.hidden = true;
            env.openThread(m.ts);
          },
        },
        'Reply in thread',
      ),
    );
  return h(
    'div',
    { class: 'msg-menu' },
    h(
      'button',
      {
        type: 'button',
        class: 'btn btn-overflow',
        'aria-label': 'More actions',
        onclick: () => void (list.hidden = !list.hidden),
      },
      '⋯',
    ),
    list,
  );
}
