// The message view of the current conversation and its thread pane; chat.update replaces a message's node in
// place, new messages are appended, thread replies refresh the parent's reply count.
import { post } from './api.js';
import { clear, h } from './dom.js';
import { messageNode } from './messages.js';
import {
  $,
  currentChannel,
  interactiveContext,
  isTop,
  keyOf,
  me,
  store,
  ui,
  userName,
  visible,
} from './workspace.js';

const ctxFor = (m) => interactiveContext({ channel: m.channel, ts: m.ts });

const replies = (channel, ts) =>
  [...store.messages.values()].filter(
    (m) => m.channel === channel && m.thread_ts === ts && m.ts !== ts && visible(m),
  );
const inChannel = (channel) =>
  [...store.messages.values()]
    .filter((m) => m.channel === channel && isTop(m) && visible(m))
    .sort((a, b) => Number(a.ts) - Number(b.ts));

function env(inThread) {
  return {
    ctxFor,
    userName,
    isBot: (id) => store.users.some((u) => u.id === id && u.is_bot),
    parent: (ts) => store.messages.get(`${currentChannel()}/${ts}`),
    inThread,
    appName: store.manifest.appName,
    tz: me()?.tz ?? 'UTC',
    shortcuts: store.manifest.shortcuts.filter((s) => s.type === 'message'),
    runShortcut: (callbackId, m) =>
      void post(
        'shortcut',
        { user: ui.user, callbackId, channel: m.channel, ts: m.ts },
        'The shortcut',
      ).catch(() => undefined),
    replies: (ts) => replies(currentChannel(), ts),
    openThread: (ts) => {
      ui.thread = ts;
      renderThread();
    },
  };
}

const nearBottom = (box) => box.scrollHeight - box.scrollTop - box.clientHeight < 80;

// Whether each pane follows its newest message: true until the person scrolls up, true again at the bottom.
// A message that grows in place (chat.update) or an image that loads late keeps a following pane at the bottom,
// so the next answer never lands off-screen.
const follow = new WeakMap();
function keepInView(box) {
  if (!follow.has(box)) {
    follow.set(box, true);
    box.addEventListener('scroll', () => follow.set(box, nearBottom(box)));
    box.addEventListener('load', () => follow.get(box) && (box.scrollTop = box.scrollHeight), true);
  }
  return follow.get(box);
}

export function renderMessages() {
  const box = clear($('messages'));
  keepInView(box);
  const channel = currentChannel();
  const list = channel ? inChannel(channel) : [];
  if (list.length === 0)
    box.append(h('div', { class: 'empty' }, "No messages yet. Type / to see the app's commands."));
  for (const m of list) box.append(messageNode(m, env(false)));
  box.scrollTop = box.scrollHeight;
  follow.set(box, true);
}

export function renderThread() {
  const pane = $('thread');
  const channel = currentChannel();
  const parent = ui.thread && channel ? store.messages.get(`${channel}/${ui.thread}`) : undefined;
  pane.hidden = !parent;
  if (!parent) return;
  const box = $('thread-messages');
  const following = keepInView(box) || box.childElementCount === 0;
  clear(box);
  const list = replies(channel, parent.ts).sort((a, b) => Number(a.ts) - Number(b.ts));
  box.append(
    messageNode(parent, env(true)),
    h('div', { class: 'thread-sep' }, `${list.length} ${list.length === 1 ? 'reply' : 'replies'}`),
  );
  for (const m of list) box.append(messageNode(m, env(true)));
  if (following) box.scrollTop = box.scrollHeight;
}

/** A message changed: replace its node in place (chat.update), add it, or remove it. */
export function applyMessage(action, m) {
  if (action === 'delete') store.messages.delete(keyOf(m));
  else store.messages.set(keyOf(m), m);
  if (m.channel !== currentChannel()) return;
  if (ui.thread && (m.ts === ui.thread || m.thread_ts === ui.thread)) renderThread();
  const target = isTop(m) ? m : store.messages.get(`${m.channel}/${m.thread_ts}`);
  if (!target) return;
  const box = $('messages');
  const old = box.querySelector(`.msg[data-ts="${CSS.escape(target.ts)}"]`);
  if (action === 'delete' && target === m) return void old?.remove();
  if (!visible(target)) return;
  const node = messageNode(target, env(false));
  const atBottom = keepInView(box) || nearBottom(box);
  if (old) old.replaceWith(node);
  else {
    box.querySelector('.empty')?.remove();
    box.append(node);
  }
  if (atBottom) box.scrollTop = box.scrollHeight;
}
