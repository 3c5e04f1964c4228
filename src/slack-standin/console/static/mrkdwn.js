// Slack's mrkdwn rendered to DOM nodes: *bold*, _italic_, ~strike~, `code`, ```pre```, > quotes, <url|links>,
// bare https:// addresses,
// <@U…> mentions, <#C…> channels, <!here>, <!date^…> in the viewer's time zone, :emoji:. Entities (&amp; &lt;
// &gt;) are decoded into text nodes, so escaped markup shows as characters and never becomes markup.
import { decodeEntities, h } from './dom.js';
import { emojify } from './emoji.js';
import { formatSlackDate } from './dates.js';
import { linkNode, shownUrl } from './links.js';

/** ctx: { userName(id), channelName(id), tz } */
export function renderMrkdwn(text, ctx) {
  const frag = document.createDocumentFragment();
  const parts = String(text ?? '').split(/```/);
  parts.forEach((part, i) => {
    if (i % 2 === 1) frag.append(h('pre', { class: 'md-pre' }, decodeEntities(part.replace(/^\n/, ''))));
    else if (part !== '') frag.append(renderLines(part, ctx));
  });
  return frag;
}

function renderLines(text, ctx) {
  const frag = document.createDocumentFragment();
  const lines = text.split('\n');
  let quote = null;
  lines.forEach((line, i) => {
    const m = /^(&gt;|>)\s?(.*)$/.exec(line);
    if (m) {
      quote ??= h('blockquote', { class: 'md-quote' });
      if (quote.childNodes.length > 0) quote.append(h('br'));
      quote.append(inline(m[2], ctx));
      return;
    }
    if (quote) {
      frag.append(quote);
      quote = null;
    }
    frag.append(inline(line, ctx));
    if (i < lines.length - 1) frag.append(h('br'));
  });
  if (quote) frag.append(quote);
  return frag;
}

const BOUNDARY_BEFORE = '(^|[\\s(\\[{"\'“‘])';
const BOUNDARY_AFTER = '(?=$|[\\s.,!?;:)\\]}"\'”’])';
const PATTERNS = [
  { kind: 'code', re: /`([^`\n]+)`/ },
  { kind: 'special', re: /<([^<>\n]+)>/ },
  // a bare web address (typed by a person, or in an app's text) is a link, as Slack shows it; the punctuation
  // that ends a sentence is not part of it
  { kind: 'url', re: /\bhttps?:\/\/(?:(?!&[lg]t;)[^\s<>])*(?:(?!&[lg]t;)[^\s<>.,!?;:)\]}"'”’])/ },
  { kind: 'b', re: new RegExp(`${BOUNDARY_BEFORE}\\*([^*\\n]+)\\*${BOUNDARY_AFTER}`) },
  { kind: 'i', re: new RegExp(`${BOUNDARY_BEFORE}_([^_\\n]+)_${BOUNDARY_AFTER}`) },
  { kind: 's', re: new RegExp(`${BOUNDARY_BEFORE}~([^~\\n]+)~${BOUNDARY_AFTER}`) },
];

/** Inline markup: the earliest match wins; bold/italic/strike content is parsed again (nesting). */
function inline(text, ctx) {
  const frag = document.createDocumentFragment();
  let rest = text;
  while (rest !== '') {
    let best = null;
    for (const p of PATTERNS) {
      const m = p.re.exec(rest);
      if (m && (best === null || m.index < best.m.index)) best = { p, m };
    }
    if (!best) {
      frag.append(textNode(rest));
      break;
    }
    const { p, m } = best;
    const whole = p.kind === 'code' || p.kind === 'special' || p.kind === 'url';
    const lead = whole ? '' : m[1];
    const inner = p.kind === 'url' ? m[0] : whole ? m[1] : m[2];
    frag.append(textNode(rest.slice(0, m.index) + lead));
    if (p.kind === 'code') frag.append(h('code', { class: 'md-code' }, decodeEntities(inner)));
    else if (p.kind === 'special') frag.append(special(inner, ctx));
    else if (p.kind === 'url') frag.append(special(inner, ctx));
    else frag.append(h(p.kind, null, inline(inner, ctx)));
    rest = rest.slice(m.index + m[0].length);
  }
  return frag;
}

function textNode(text) {
  return document.createTextNode(emojify(decodeEntities(text)));
}

/** The `<…>` forms: mentions, channels, commands, dates, links. */
function special(body, ctx) {
  const bar = body.indexOf('|');
  const target = bar >= 0 ? body.slice(0, bar) : body;
  const label = bar >= 0 ? decodeEntities(body.slice(bar + 1)) : undefined;
  if (target.startsWith('@')) {
    const id = target.slice(1);
    return h('span', { class: 'mention', dataset: { user: id } }, `@${label ?? ctx.userName(id)}`);
  }
  if (target.startsWith('#')) {
    const id = target.slice(1);
    return h('span', { class: 'mention' }, `#${label ?? ctx.channelName(id)}`);
  }
  if (target.startsWith('!date^')) return dateNode(target, label, ctx);
  if (target.startsWith('!subteam^')) return h('span', { class: 'mention' }, label ?? '@group');
  if (target.startsWith('!')) return h('span', { class: 'mention' }, `@${label ?? target.slice(1)}`);
  const url = decodeEntities(target);
  return linkNode(url, label ?? shownUrl(url)) ?? textNode(label ?? target);
}

/** <!date^1700000000^{date_short_pretty} at {time}^optional_link|fallback> */
function dateNode(target, fallback, ctx) {
  const [, seconds, format = '', link] = target.split('^');
  const ts = Number(seconds);
  if (!Number.isFinite(ts)) return textNode(fallback ?? target);
  const shown = formatSlackDate(ts, decodeEntities(format), ctx.tz);
  const node = h('time', { datetime: new Date(ts * 1000).toISOString(), title: fallback ?? '' }, shown);
  return (link && linkNode(decodeEntities(link), node)) || node;
}
