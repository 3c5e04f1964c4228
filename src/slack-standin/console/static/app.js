// The console page: the workspace state (loaded once, then kept current by server-sent events), the user
// switcher, the channel list, the message view with threads, the app's Home tab and the modal layer.
import { getState, notice, onNotice, post, TAB } from './api.js';
import { clear, h } from './dom.js';
import { showNotice } from './dialog.js';
import { setupComposer } from './composer.js';
import { renderModal } from './modal.js';
import { renderBlocks } from './blocks.js';
import { applyMessage, renderMessages, renderThread } from './channel.js';
import { setStandinOrigin } from './links.js';
import { setupPlaces } from './places.js';
import {
  $,
  APP,
  baseContext,
  channelName,
  interactiveContext,
  keyOf,
  me,
  myChannels,
  options,
  store,
  ui,
} from './workspace.js';

function renderSidebar() {
  const select = $('user-select');
  clear(select);
  for (const u of store.users.filter((x) => !x.is_bot))
    select.append(h('option', { value: u.id, selected: u.id === ui.user }, u.real_name || u.name));
  $('user-email').textContent = me()?.email ?? 'no email in profile';
  renderActingAs();
  const list = clear($('channel-list'));
  for (const c of myChannels())
    list.append(
      h(
        'li',
        null,
        h(
          'button',
          {
            type: 'button',
            class: `nav${ui.channel === c.id ? ' active' : ''}`,
            dataset: { channel: c.id },
            onclick: () => go(c.id),
          },
          `${c.is_private ? '🔒' : '#'} ${c.name}`,
        ),
      ),
    );
  clear($('app-list')).append(
    h(
      'li',
      null,
      h(
        'button',
        { type: 'button', class: `nav${ui.channel === APP ? ' active' : ''}`, onclick: () => go(APP) },
        `⚙ ${store.manifest.appName}`,
      ),
    ),
  );
}

// On a phone the sidebar is a drawer, so the header says who you are acting as; it opens the drawer to switch.
function renderActingAs() {
  const name = me()?.real_name || me()?.name || ui.user;
  const chip = clear($('acting-as'));
  chip.setAttribute('aria-label', `Acting as ${name} (switch person)`);
  chip.append(h('span', { class: 'avatar', 'aria-hidden': 'true' }, name.slice(0, 1).toUpperCase()), name);
}

// On a phone the sidebar is a drawer: the ☰ button opens it, choosing a conversation or the scrim closes it.
function drawer(open) {
  document.body.classList.toggle('drawer-open', open);
  $('scrim').hidden = !open;
  $('menu-button').setAttribute('aria-expanded', String(open));
}

/** `channel` when the viewer is in it, else their first channel (or the app): never someone else's conversation. */
function reachable(channel) {
  const own = myChannels();
  return channel === APP || own.some((c) => c.id === channel) ? channel : (own[0]?.id ?? APP);
}

function go(wanted, tab) {
  const channel = reachable(wanted);
  drawer(false);
  ui.channel = channel;
  ui.thread = null;
  ui.tab = tab ?? (channel === APP && store.manifest.homeTab ? 'home' : 'messages');
  renderAll();
  if (ui.tab === 'home') void post('home', { user: ui.user }, 'Opening the Home tab').catch(() => undefined);
}

function renderHeader() {
  const title = ui.channel === APP ? store.manifest.appName : `#${channelName(ui.channel)}`;
  $('channel-title').textContent = title;
  const tabs = clear($('tabs'));
  if (ui.channel === APP)
    for (const t of store.manifest.homeTab ? ['home', 'messages'] : ['messages'])
      tabs.append(
        h(
          'button',
          {
            type: 'button',
            role: 'tab',
            'aria-selected': String(ui.tab === t),
            class: `tab${ui.tab === t ? ' active' : ''}`,
            onclick: () => {
              ui.tab = t;
              renderAll();
              if (t === 'home')
                void post('home', { user: ui.user }, 'Opening the Home tab').catch(() => undefined);
            },
          },
          t === 'home' ? 'Home' : 'Messages',
        ),
      );
  $('home').hidden = ui.tab !== 'home';
  $('messages').hidden = ui.tab === 'home';
  $('composer').hidden = ui.tab === 'home';
}

function homeView() {
  return [...store.views.values()].find((v) => v.type === 'home' && v.open && v.user === ui.user);
}

function renderHome() {
  const box = clear($('home'));
  if (ui.tab !== 'home') return;
  const view = homeView();
  if (!view)
    return void box.append(h('div', { class: 'empty' }, 'The app has not published a Home tab for you yet.'));
  const ctx = {
    ...interactiveContext({ viewId: view.id }),
    getInput: () => undefined,
    setInput: () => undefined,
  };
  box.append(renderBlocks(view.blocks, ctx));
}

// A modal shows in the tab whose click opened it (tab null: opened from elsewhere, shown in each tab of its person).
const mine = (v) => v.type === 'modal' && v.open && v.user === ui.user && (v.tab == null || v.tab === TAB);

function renderModalLayer() {
  const stack = [...store.views.values()].filter(mine);
  const top = stack.at(-1);
  const modalKey = top ? `${top.id}/${top.hash}/${JSON.stringify(top.errors ?? {})}` : '';
  if (modalKey === ui.modalKey) return;
  ui.modalKey = modalKey;
  const root = clear($('modal-root'));
  if (!top) return;
  const depth = stack.filter((v) => v.root_view_id === top.root_view_id).length;
  root.append(renderModal(top, { base: baseContext(), user: ui.user, depth, options, notice }));
}

function renderAll() {
  renderSidebar();
  renderHeader();
  renderMessages();
  renderThread();
  renderHome();
  ui.modalKey = '';
  renderModalLayer();
  composer.setPlaceholder(
    ui.channel === APP ? `Message ${store.manifest.appName}` : `Message #${channelName(ui.channel)}`,
  );
}

function applyChange(change) {
  if (change.kind === 'message') applyMessage(change.action, change.message);
  else if (change.kind === 'view') {
    if (change.view.open) store.views.set(change.view.id, change.view);
    else store.views.delete(change.view.id);
    if (change.view.type === 'home') renderHome();
    else renderModalLayer();
  } else if (change.kind === 'user' || change.kind === 'channel') {
    const list = change.kind === 'user' ? store.users : store.channels;
    const item = change[change.kind];
    const i = list.findIndex((x) => x.id === item.id);
    if (i >= 0) list[i] = item;
    else list.push(item);
    if (reachable(ui.channel) !== ui.channel) go(ui.channel);
    else renderSidebar();
  } else if (change.kind === 'reset') void load();
}

async function load() {
  const state = await getState();
  Object.assign(store, { users: state.users, channels: state.channels, manifest: state.manifest });
  setStandinOrigin(state.origin);
  store.messages = new Map(state.messages.map((m) => [keyOf(m), m]));
  store.views = new Map(state.views.map((v) => [v.id, v]));
  if (reachable(ui.channel) !== ui.channel) go(ui.channel);
  else renderAll();
  places.arrived();
  document.body.dataset.ready = 'true';
}

onNotice(showNotice);
const composer = setupComposer($('composer'), {
  manifest: () => store.manifest,
  user: () => ui.user,
  notice,
  target: () => ({ channel: ui.channel === APP ? APP : ui.channel }),
});
setupComposer(
  $('thread-composer'),
  {
    manifest: () => store.manifest,
    user: () => ui.user,
    notice,
    target: () => ({ channel: ui.channel === APP ? APP : ui.channel, threadTs: ui.thread }),
  },
  { thread: true },
);
const places = setupPlaces(go);
$('acting-as').addEventListener('click', () => drawer(true));
$('menu-button').addEventListener('click', () => drawer(!document.body.classList.contains('drawer-open')));
$('scrim').addEventListener('click', () => drawer(false));
$('thread-close').addEventListener('click', () => {
  ui.thread = null;
  renderThread();
});
$('user-select').addEventListener('change', (e) => {
  ui.user = e.target.value;
  localStorage.setItem('console.user', ui.user);
  go(ui.channel);
});

const events = new EventSource('/console/events');
// `ready` comes first on every (re)connection: load the snapshot then, so no change is missed in between.
events.addEventListener('ready', () => void load().catch((err) => showNotice(err.message)));
events.addEventListener('change', (e) => applyChange(JSON.parse(e.data)));
events.addEventListener('error', () => {
  document.body.dataset.ready = 'false';
});
