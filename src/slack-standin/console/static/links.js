// Links to places in this workspace: message permalinks (`<stand-in>/archives/C…/p…`, with `?thread_ts=` for a
// reply), app_redirect links (`/app_redirect?channel=…`, Slack's `https://slack.com/app_redirect?app=…`),
// `slack://channel` and `slack://app` deep links, and file permalinks. The app builds them from the stand-in's
// own address (127.0.0.1:<port>), which need not be the host this page was opened on: they are shown as paths
// on the page's host and open here (channel, thread, the message highlighted) instead of in a new tab.
import { h } from './dom.js';

const SAFE_LINK = /^(https?:|mailto:)/i;

let origins = new Set([location.origin]);
let follow = () => undefined;

/** The stand-in's own address, as the app knows it (the workspace snapshot says it). */
export function setStandinOrigin(url) {
  try {
    origins = new Set([location.origin, new window.URL(url).origin]);
  } catch {
    origins = new Set([location.origin]);
  }
}

/** fn(place, fromNode): what opening a place does (set by the page). */
export function onFollow(fn) {
  follow = fn;
}

const tsOf = (digits) => `${digits.slice(0, -6)}.${digits.slice(-6)}`;
const appTab = (tab) => (tab === 'home' || tab === 'messages' ? tab : undefined);

/** A place: { channel, ts?, thread? } | { app: true, tab? } | null. */
function placeOf(path, params) {
  const archived = /^\/archives\/([A-Z0-9]+)(?:\/p(\d{7,}))?\/?$/.exec(path);
  if (archived) {
    const [, channel, digits] = archived;
    const thread = params.get('thread_ts');
    return {
      channel,
      ...(digits ? { ts: tsOf(digits) } : {}),
      ...(thread && /^\d+\.\d+$/.test(thread) ? { thread } : {}),
    };
  }
  if (path === '/app_redirect') {
    const channel = params.get('channel');
    if (channel && /^[A-Z0-9]+$/.test(channel)) return { channel };
    if (params.get('app')) return { app: true, tab: appTab(params.get('tab')) };
  }
  return null;
}

function appRedirectPath(params) {
  const kept = new URLSearchParams();
  for (const key of ['team', 'app', 'channel', 'tab']) if (params.get(key)) kept.set(key, params.get(key));
  return `/app_redirect?${kept}`;
}

/** slack://channel?team=…&id=C…[&message=ts] and slack://app?team=…&id=A…[&tab=home|messages] */
function deepLink(url) {
  const kind = url.hostname || url.pathname.replace(/^\/+/, '');
  const id = url.searchParams.get('id') ?? '';
  if (kind === 'channel' && /^[A-Z0-9]+$/.test(id)) {
    const ts = url.searchParams.get('message');
    const path = ts && /^\d+\.\d+$/.test(ts) ? `/archives/${id}/p${ts.replace('.', '')}` : `/archives/${id}`;
    return { href: path, place: placeOf(path, new URLSearchParams()) };
  }
  if (kind === 'app' && id !== '') {
    const params = new URLSearchParams({
      app: id,
      ...(url.searchParams.get('tab') ? { tab: url.searchParams.get('tab') } : {}),
    });
    return { href: appRedirectPath(params), place: { app: true, tab: appTab(params.get('tab')) } };
  }
  return null;
}

/**
 * A link into this workspace: { href (a path on the page's host), place (null: not a place in the page, e.g. a
 * file) }, or null for a link elsewhere.
 */
export function localLink(href) {
  // Only absolute links: `<foo|bar>` in mrkdwn is no path on this host.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(String(href))) return null;
  let url;
  try {
    url = new window.URL(String(href), location.href);
  } catch {
    return null;
  }
  if (url.protocol === 'slack:') return deepLink(url);
  if (url.protocol === 'https:' && url.hostname === 'slack.com' && url.pathname === '/app_redirect') {
    const place = placeOf('/app_redirect', url.searchParams);
    return place ? { href: appRedirectPath(url.searchParams), place } : null;
  }
  if (!origins.has(url.origin)) return null;
  return { href: `${url.pathname}${url.search}${url.hash}`, place: placeOf(url.pathname, url.searchParams) };
}

/** A link's address as shown where it has no label: on the page's host for a link into the workspace. */
export function shownUrl(href) {
  const local = localLink(href);
  return local && local.href.startsWith('/') ? `${location.origin}${local.href}` : String(href);
}

function plainClick(e) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** An <a> for a link in a message or view, or null when the link may not be followed (javascript: and such). */
export function linkNode(href, ...content) {
  const local = localLink(href);
  if (local?.place) {
    const onclick = (e) => {
      if (!plainClick(e)) return; // a new tab or window opens the path, which the stand-in serves
      e.preventDefault();
      follow(local.place, e.currentTarget);
    };
    return h('a', { href: local.href, class: 'local-link', onclick }, ...content);
  }
  if (local) return h('a', { href: local.href, target: '_blank', rel: 'noopener' }, ...content);
  if (!SAFE_LINK.test(String(href))) return null;
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, ...content);
}

/** A button's or menu option's `url`: a place in the workspace opens here, anything else in a new tab. */
export function openUrl(href, from) {
  const local = localLink(href);
  if (local?.place) return follow(local.place, from);
  if (local) return void window.open(local.href, '_blank', 'noopener');
  if (SAFE_LINK.test(String(href))) window.open(href, '_blank', 'noopener');
}
