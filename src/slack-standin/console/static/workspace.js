// The page's copy of the workspace (loaded from /console/state, kept current by events) and who is looking.
import { post } from './api.js';
import { confirmDialog } from './dialog.js';
import { flattenOptions } from './select.js';

/** The sidebar entry of the app: its Home tab and the DM with it. */
export const APP = '@app';

export const store = {
  users: [],
  channels: [],
  messages: new Map(),
  views: new Map(),
  manifest: { commands: [], shortcuts: [], appName: 'app', homeTab: false },
};

export const ui = {
  user: localStorage.getItem('console.user') || 'U0ANA',
  channel: 'C0GENERAL',
  tab: 'messages',
  thread: null,
  modalKey: '',
};

export const $ = (id) => document.getElementById(id);
export const me = () => store.users.find((u) => u.id === ui.user);
export const userName = (id) => {
  const u = store.users.find((x) => x.id === id);
  return u ? u.real_name || u.name : id;
};
export const channelName = (id) => store.channels.find((c) => c.id === id)?.name ?? id;
/** The channels the viewer is a member of: the only ones Slack lists for a person (no one else's private ones). */
export const myChannels = () => store.channels.filter((c) => !c.is_im && (c.members ?? []).includes(ui.user));
export const currentChannel = () =>
  ui.channel === APP ? store.channels.find((c) => c.is_im && c.user === ui.user)?.id : ui.channel;
export const visible = (m) => !m.ephemeralTo || m.ephemeralTo === ui.user;
export const keyOf = (m) => `${m.channel}/${m.ts}`;
// A reply "also sent to the channel" (reply_broadcast) shows in the channel too, as in Slack.
export const isTop = (m) => !m.thread_ts || m.thread_ts === m.ts || m.reply_broadcast === true;
export const options = (body) => flattenOptions(body && typeof body === 'object' ? body : {});

/** What every renderer needs: people and channels by id, the viewer's time zone, confirm dialogs. */
export function baseContext() {
  const ctx = { users: store.users, channels: store.channels, tz: me()?.tz ?? 'UTC', userName, channelName };
  ctx.confirm = (c) => confirmDialog(c, ctx);
  return ctx;
}

/**
 * A renderer context whose buttons and external selects reach the app for the viewer, from `where` a message
 * (`{ channel, ts }`) or the Home tab (`{ viewId }`) sits.
 */
export function interactiveContext(where) {
  return {
    ...baseContext(),
    act: (el, blockId, selection) =>
      post(
        'action',
        { user: ui.user, ...where, actionId: el.action_id, blockId, ...selection },
        'The action',
      ).catch(() => undefined),
    suggest: async (el, blockId, value) =>
      options(
        (
          await post(
            'suggest',
            { user: ui.user, ...where, actionId: el.action_id, blockId, value },
            'Loading options',
          )
        ).body,
      ),
  };
}
