// Following a link to a place in the workspace (links.js): its conversation, its thread, the message scrolled
// into view and highlighted, as Slack does with a permalink. A page opened at such a path (a link opened in a
// new tab) goes there once the workspace is loaded.
import { notice } from './api.js';
import { renderThread } from './channel.js';
import { localLink, onFollow } from './links.js';
import { $, APP, store, ui, userName, visible } from './workspace.js';

/** go(channel, tab?): the page's own navigation (closes the drawer, renders). */
export function setupPlaces(go) {
  let arrival = localLink(location.href)?.place ?? null;
  onFollow((place, from) => {
    // A link followed from a modal closes it first: the place is behind it.
    from?.closest('.modal')?.querySelector('.modal-head button[aria-label="Close"]')?.click();
    open(place, go);
  });
  return {
    /** call once the workspace is loaded */
    arrived() {
      if (!arrival) return;
      const place = arrival;
      arrival = null;
      history.replaceState(null, '', '/');
      open(place, go);
    },
  };
}

function open(place, go) {
  if (place.app) return void go(APP, place.tab);
  const channel = store.channels.find((c) => c.id === place.channel);
  if (!channel) return notice('That conversation is not in this workspace.');
  if (channel.is_im) {
    if (channel.user !== ui.user)
      return notice(`That message is in ${userName(channel.user)}’s direct messages with the app.`);
    go(APP, 'messages');
  } else {
    go(channel.id);
    if (ui.channel !== channel.id)
      return notice(`You can’t see #${channel.name}: you are not a member of it.`);
  }
  if (!place.ts) return;
  const m = store.messages.get(`${channel.id}/${place.ts}`);
  if (!m || !visible(m)) return notice('That message is no longer there.');
  const thread = place.thread ?? (m.thread_ts && m.thread_ts !== m.ts ? m.thread_ts : null);
  if (thread && thread !== m.ts) {
    ui.thread = thread;
    renderThread();
  }
  const box = $(thread && thread !== m.ts ? 'thread-messages' : 'messages');
  for (const old of document.querySelectorAll('.msg.linked')) old.classList.remove('linked');
  const node = box.querySelector(`.msg[data-ts="${CSS.escape(m.ts)}"]`);
  node?.classList.add('linked');
  node?.scrollIntoView({ block: 'center' });
}
